import { useContext, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { readProduct } from '~/src/state/shop/productReads';
import { InitialCatalogue } from '~/src/state/shop/InitialCatalogue';
import { ShopProductCard } from '~/src/state/shop/ShopProductCard';
import { Cart, Favorites, Products, useCatalogue, useCatalogueReads, useIsFavorite, usePages } from '~/src/state/shop/ShopProvider';
import { brandName } from '~/src/domain/brands';
import { relatedRequests } from '~/src/domain/relatedPages';
import { sanitizeDescription } from '~/src/domain/description';
import { relatedProducts } from '~/src/domain/productLists';
import { reviewCountLabel } from '~/src/domain/rating';
import { inShade, openingShade, SHADE_PARAM, type Shade } from '~/src/domain/shadeChoice';
import type { LoggedUser, Product } from '~/src/domain/types';
import { Button } from '~/src/ui/Button/Button';
import { ErrorState } from '~/src/ui/ErrorState/ErrorState';
import { Icon } from '~/src/ui/icons/Icon';
import { Pending } from '~/src/ui/Pending/Pending';
import { Price } from '~/src/ui/Price/Price';
import { ProductMissing } from '~/src/ui/ProductMissing/ProductMissing';
import { ProductGrid } from '~/src/ui/ProductGrid/ProductGrid';
import { ProductImage } from '~/src/ui/ProductImage/ProductImage';
import { QuantityStepper } from '~/src/ui/QuantityStepper/QuantityStepper';
import { Stars } from '~/src/ui/Stars/Stars';
import { useLoad } from '~/src/ui/useLoad';
import * as styles from './ProductDetailPage.css';
import { Reviews, type ReviewActions, type Reviewer } from './Reviews';
import { ShadePicker } from './ShadePicker/ShadePicker';

const RELATED_COUNT = 8;

export interface Reader {
  /** The session is still restoring or loading its user: who reads the product is not known yet. */
  sessionPending: boolean;
  /** The session's user is an Admin: their read carries the token and finds disabled products too. */
  admin: boolean;
  /** The session's user (null for a visitor): who may review the product. */
  user: LoggedUser | null;
  reviewActions: ReviewActions;
}

/** The product of the URL; the app says who reads it, since a disabled product exists only for an Admin. */
export default function ProductDetailPage({ sessionPending, admin, user, reviewActions }: Reader) {
  const { id = '' } = useParams();
  // An Admin's read waits for their restored session (its token); it runs again once the reader turns out to be an Admin.
  const adminRestoring = admin && sessionPending;
  const product = useLoad(adminRestoring ? null : (signal) => readProduct(id, signal), [id, admin, adminRestoring]);
  // The copy already here shows at once (and is what a server-rendered page shows) until the product's own read answers: the list's, or the one a paged catalogue's page was rendered with.
  const catalogue = useCatalogue();
  const known = useCatalogueReads().peekProduct(Number(id));
  const listed = catalogue.paged ? (known ?? undefined) : catalogue.products.find((p) => p.id === Number(id));
  // A page rendered without the product (the server's, a visitor's) says so, as its 404 does, rather than spin for a crawler or a browser without scripts; an Admin's own list or read may still show it.
  const renderedFromList = useContext(InitialCatalogue) !== undefined;
  const renderedMissing = catalogue.paged ? known === null : renderedFromList && !listed;
  const waiting = renderedMissing ? <ProductMissing /> : <Pending label="Loading product" />;

  if (product.status === 'loading')
    return listed ? <Detail key={listed.id} product={listed} reviewer={{ user, sessionPending }} reviewActions={reviewActions} /> : waiting;
  if (product.status === 'failed') return <ErrorState message="This product could not be loaded." onRetry={product.retry} />;
  // Missing to an anonymous read, it may still be there for an Admin whose session is not restored yet.
  if (!product.value) return sessionPending ? waiting : <Navigate to="/error" replace />;
  return <Detail key={product.value.id} product={product.value} reviewer={{ user, sessionPending }} reviewActions={reviewActions} />;
}

interface Related {
  products: Product[];
  /** A page read failed (a paged catalogue): the section shows the failure with `retry`. */
  failed: boolean;
  retry(): void;
}

/** 'You might also like...': from the list, or (a paged catalogue) the product's category's first page, else the catalogue's. */
function useRelated(product: Product): Related {
  const catalogue = useCatalogue();
  const requests = useMemo(() => relatedRequests(product, RELATED_COUNT), [product]);
  const sameCategory = usePages(catalogue.paged ? [requests.sameCategory] : null);
  const inCategory = sameCategory.status === 'done' ? sameCategory.value[0]!.items : null;
  const fromCategory = useMemo(() => (inCategory ? relatedProducts(product, inCategory, RELATED_COUNT) : []), [product, inCategory]);
  const popular = usePages(inCategory && fromCategory.length === 0 ? [requests.popular] : null);
  const others = catalogue.paged ? (popular.status === 'done' ? popular.value[0]!.items : null) : catalogue.products;
  const fromOthers = useMemo(() => (others ? relatedProducts(product, others, RELATED_COUNT) : []), [product, others]);
  const failedRead = [sameCategory, popular].find((read) => read.status === 'failed');
  return {
    products: fromCategory.length > 0 ? fromCategory : fromOthers,
    failed: failedRead !== undefined,
    retry: () => failedRead?.retry(),
  };
}

/** 'You might also like...' once it has products, or the failure of its read with Retry. */
function RelatedSection({ product }: { product: Product }) {
  const related = useRelated(product);
  if (!related.failed && related.products.length === 0) return null;
  return (
    <section className={styles.related} aria-labelledby="related-title">
      <h2 id="related-title" className={styles.relatedTitle}>
        You might also like...
      </h2>
      {related.failed ? (
        <ErrorState message="These products could not be loaded." onRetry={related.retry} />
      ) : (
        <ProductGrid label="You might also like">
          {related.products.map((p) => (
            <ShopProductCard key={p.id} product={p} />
          ))}
        </ProductGrid>
      )}
    </section>
  );
}

function Detail({ product: loaded, reviewer, reviewActions }: { product: Product; reviewer: Reviewer; reviewActions: ReviewActions }) {
  // A rating answers with the product's new stars and review count, shown at once.
  const [ratedProduct, setRatedProduct] = useState<Product | null>(null);
  const product = ratedProduct ?? loaded;
  const productList = Products.useActorRef();
  const rated = (next: Product) => {
    setRatedProduct(next);
    productList.send({ type: 'REFRESH' });
  };
  const [amount, setAmount] = useState(1);
  // The address's query read and replaced as it is (useSearchParams would bring its own code into every page's first load).
  const { search } = useLocation();
  const navigate = useNavigate();
  const param = new URLSearchParams(search).get(SHADE_PARAM);
  // A click shows its shade at once: the router applies the new address later, and a radio checked by the old one would flick back.
  // The address wins again once it changes (the new one, back, a link).
  const [picked, setPicked] = useState({ at: param, shadeId: param });
  const shade = openingShade(product, picked.at === param ? picked.shadeId : param);
  const shown = inShade(product, shade);
  const choose = (next: Shade) => {
    setAmount(1);
    setPicked({ at: param, shadeId: String(next.id) });
    const query = new URLSearchParams(search);
    query.set(SHADE_PARAM, String(next.id));
    navigate({ search: `?${query}` }, { replace: true, preventScrollReset: true });
  };
  const favorite = useIsFavorite(product.id);
  const favorites = Favorites.useActorRef();
  const cart = Cart.useActorRef();
  const description = useMemo(() => sanitizeDescription(product.description), [product.description]);

  return (
    <>
      <article className={styles.layout} aria-labelledby="product-name">
        <ProductImage className={styles.image} src={shown.image} alt={shade ? `${product.name} in ${shade.name}` : product.name} priority />
        <div className={styles.info}>
          {product.disable && <p className={styles.disabledBanner}>Disabled: hidden from shoppers</p>}
          <p className={styles.brand}>
            {brandName(product.brand)} · {product.category}
          </p>
          <h1 id="product-name" className={styles.name}>
            {product.name}
          </h1>
          <div className={styles.rating}>
            <Stars rank={product.rank} size={20} />
            <span>{reviewCountLabel(product.reviews)}</span>
          </div>
          <Price price={product.price} discount={product.discount} size="lg" />
          {shade && <ShadePicker shades={product.shades} chosen={shade} onChoose={choose} />}
          {!product.disable && (
            <div className={styles.buy}>
              {shown.stock > 0 ? (
                <>
                  <QuantityStepper label="Quantity" value={amount} max={shown.stock} onChange={setAmount} />
                  <Button onClick={() => cart.send({ type: 'ADD', product, amount, shadeId: shade?.id })}>ADD TO CART</Button>
                </>
              ) : (
                <Button disabled>NO STOCK</Button>
              )}
              <button
                type="button"
                className={styles.favorite}
                aria-pressed={favorite}
                aria-label={favorite ? 'Remove from favourites' : 'Add to favourites'}
                onClick={() => favorites.send({ type: 'TOGGLE', productId: product.id })}
              >
                <Icon name={favorite ? 'heartBroken' : 'heart'} filled={favorite} />
              </button>
            </div>
          )}
          {shown.stock > 0 && <p className={styles.stock}>{shown.stock} in stock</p>}
          <div className={styles.description} dangerouslySetInnerHTML={{ __html: description }} />
        </div>
      </article>
      <Reviews product={product} reviewer={reviewer} actions={reviewActions} onRated={rated} />
      <RelatedSection product={product} />
    </>
  );
}
