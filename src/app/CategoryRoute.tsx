import { useParams } from 'react-router';
import { CATEGORIES } from '../domain/constants';
import CataloguePage from '../features/catalogue/CataloguePage';
import NotFoundPage from '../features/notFound/NotFoundPage';

/** /listproducts/{category}: the catalogue opened on a known category; any other is not found. */
export default function CategoryRoute() {
  const { category } = useParams();
  return (CATEGORIES as readonly string[]).includes(category ?? '') ? <CataloguePage /> : <NotFoundPage />;
}
