import { Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { ShopProductCard } from '~/src/state/shop/ShopProductCard';
import { useCatalogue, usePages } from '~/src/state/shop/ShopProvider';
import { HOME_REQUESTS, homeSections, type HomeSections } from '~/src/domain/pageRequest';
import { seeAllSearch } from '~/src/domain/catalogueUrl';
import { HOME_SECTION_SIZE } from '~/src/domain/constants';
import { storefrontLists } from '~/src/domain/productLists';
import type { Product } from '~/src/domain/types';
import { ButtonLink } from '~/src/ui/Button/Button';
import { Carousel } from '~/src/ui/Carousel/Carousel';
import { CarouselPending } from '~/src/ui/Carousel/CarouselPending';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Pending as ScreenPending } from '~/src/ui/Pending/Pending';
import * as styles from './HomePage.css';

type ListName = 'offers' | 'popular' | 'newest';

interface SectionProps {
  id: string;
  title: string;
  list: ListName;
  items: Product[];
  /** The product list is still being read. */
  loading: boolean;
  /** Shown until the products arrive, about as tall as what they make. */
  Pending: ComponentType<{ label: string }>;
  children: (items: Product[]) => ReactNode;
}

/**
 * Each section is a Suspense boundary: React hydrates a server-rendered home
 * page one section at a time, letting the browser answer between them, rather
 * than in one long task.
 */
function Section(props: SectionProps) {
  return (
    <Suspense>
      <SectionContent {...props} />
    </Suspense>
  );
}

/** The list's products; until they arrive, its loading indicator; once read, a list with none says so rather than spin forever. */
function SectionItems({ title, items, loading, Pending, children }: SectionProps) {
  if (items.length > 0) return children(items.slice(0, HOME_SECTION_SIZE));
  if (loading) return <Pending label={`Loading ${title}`} />;
  return <p className={styles.empty}>Nothing in {title} right now.</p>;
}

function SectionContent(props: SectionProps) {
  const { id, title, list } = props;
  return (
    <section className={styles.section}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        <ButtonLink variant="secondary" to={`/catalogue${seeAllSearch(list)}`} aria-label={`See all ${title}`}>
          See all
        </ButtonLink>
      </div>
      <SectionItems {...props} />
    </section>
  );
}

const NO_SECTIONS: HomeSections = { offers: [], popular: [], newest: [] };

/** The sections: from the whole list, or (a paged catalogue) each from its own first page. */
function useHomeSections() {
  const catalogue = useCatalogue();
  const pages = usePages(catalogue.paged ? HOME_REQUESTS : null);
  const { products } = catalogue;
  const sections = useMemo(() => {
    if (!catalogue.paged) return storefrontLists(products);
    return pages.status === 'done' ? homeSections(pages.value) : NO_SECTIONS;
  }, [catalogue.paged, products, pages]);
  if (!catalogue.paged)
    return { sections, loading: catalogue.loading, failed: catalogue.failed && products.length === 0, retry: catalogue.retry };
  return { sections, loading: pages.status === 'loading', failed: pages.status === 'failed', retry: pages.retry };
}

export default function HomePage() {
  const { sections, loading, failed, retry } = useHomeSections();
  return (
    <>
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>Beauty, chosen with care</h1>
        <p className={styles.heroText}>Thirteen brands, every shade: lipsticks, palettes, mascaras and more, with new offers every week.</p>
      </section>
      {failed ? (
        <ErrorState message="The products could not be loaded." onRetry={retry} />
      ) : (
        <Sections lists={sections} loading={loading} />
      )}
    </>
  );
}

function Sections({ lists, loading }: { lists: HomeSections; loading: boolean }) {
  return (
    <>
      <Section id="offers" title="Special Offers" list="offers" items={lists.offers} loading={loading} Pending={CarouselPending}>
        {(items) => (
          <Carousel label="Special Offers" priorityFirst>
            {items.map((p) => (
              <ShopProductCard key={p.id} product={p} />
            ))}
          </Carousel>
        )}
      </Section>
      <Section id="popular" title="Popular" list="popular" items={lists.popular} loading={loading} Pending={CarouselPending}>
        {(items) => (
          <Carousel label="Popular">
            {items.map((p) => (
              <ShopProductCard key={p.id} product={p} />
            ))}
          </Carousel>
        )}
      </Section>
      <Section id="newest" title="New Arrivals" list="newest" items={lists.newest} loading={loading} Pending={ScreenPending}>
        {(items) => (
          <ul className={styles.grid}>
            {items.map((p) => (
              <li key={p.id}>
                <ShopProductCard product={p} wide />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
