// The catalogue changed through the Admin's API while the large catalogue is measured: what the first request after a
// change costs, and a busy shop's changes kept up during a load run.
import { call } from './throughput.mjs';

/** An Admin's token from the emulator. */
async function adminToken(emulatorPort) {
  const signIn = await call(`http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    body: { email: 'admin@makeup.test', password: 'admin123', returnSecureToken: true },
    encoding: 'identity',
  });
  return JSON.parse(signIn.body.toString()).idToken;
}

/**
 * How long GET `path` takes, and the longest a request that reads nothing
 * (/robots.txt, asked again and again meanwhile) waited: how long the
 * server kept every other request waiting.
 */
async function timedWithProbe(origin, path) {
  let done = false;
  let blocked = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await call(`${origin}/robots.txt`, { encoding: 'identity' });
      blocked = Math.max(blocked, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const response = await call(origin + path, { encoding: 'identity' });
  const ms = performance.now() - started;
  done = true;
  await probe;
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return { ms, blocked };
}

/**
 * What the first request after an Admin changes a product costs (the change
 * moves the catalogue version, so what was made from the catalogue is made
 * again): a catalogue page of the API, the server-rendered /detail/10 and
 * /catalogue, the sitemap (an index past 50,000 addresses) and its first
 * file, each after its own change.
 */
export async function afterAChange(origin, emulatorPort, product) {
  const token = await adminToken(emulatorPort);
  let price = product.price;
  const change = async () => {
    price += 1;
    const changed = await call(`${origin}/api/products`, { method: 'PUT', token, body: { id: product.id, price }, encoding: 'identity' });
    if (changed.status !== 200) throw new Error(`PUT /api/products answered ${changed.status}`);
  };
  const figures = {};
  for (const path of [
    '/api/products?page=7&sort=priceDesc&category=lipstick',
    '/detail/10',
    '/catalogue?sort=priceAsc&page=3',
    '/sitemap.xml',
    '/sitemaps/1.xml',
  ]) {
    await change();
    figures[path] = await timedWithProbe(origin, path);
  }
  return figures;
}

/**
 * The catalogue changing as a busy shop's does while `run` runs, through the
 * Admin's API: every second a sale (a product's stock taken down by one,
 * which moves the catalogue version as a checkout does); every fifth second
 * an Admin's price change instead; every tenth, counted from the third, a
 * product sold out, and back in stock the second after. Each lets go of
 * the answers it changes: a sale, those that show the product; a price,
 * those too and those that find it sorted or filtered by price; a product
 * sold out or back, nearly all (each facet count). `onChange` is told of
 * each once it is made, and whether a product left or came back.
 */
export async function whileChanging(origin, emulatorPort, products, onChange, run) {
  const token = await adminToken(emulatorPort);
  const state = products.map(({ id, price, stock, shades }) => ({ id, price, stock, shades: shades.map((shade) => ({ ...shade })) }));
  /** A stock change as the Admin's form sends it: a product with shades changes its shades' stock (`stockOf` each), else its own. */
  const stocked = (product, stockOf) =>
    product.shades.length === 0
      ? { id: product.id, stock: stockOf(product) }
      : { id: product.id, shades: product.shades.map((shade) => ({ ...shade, stock: stockOf(shade) })) };
  /** A sale of one: off the first shade holding two or more, as the product's own stock never goes under two. */
  const sale = (product) => {
    const holder = product.shades.length === 0 ? product : (product.shades.find((shade) => shade.stock >= 2) ?? product.shades[0]);
    holder.stock = Math.max(2, holder.stock - 1);
    return stocked(product, (item) => item.stock);
  };
  let tick = 0;
  const failures = [];
  const change = async () => {
    const product = state[tick % state.length];
    const step = ++tick % 10;
    const body =
      step % 5 === 0
        ? { id: product.id, price: (product.price = Math.round((product.price + (step === 0 ? -1 : 1)) * 100) / 100) }
        : step === 3
          ? stocked(state[0], () => 0)
          : step === 4
            ? stocked(state[0], (item) => item.stock)
            : sale(product);
    const response = await call(`${origin}/api/products`, { method: 'PUT', token, body, encoding: 'identity' });
    if (response.status !== 200) failures.push(`PUT /api/products ${JSON.stringify(body)} answered ${response.status}`);
    onChange(step === 3 || step === 4);
  };
  const changes = [];
  const timer = setInterval(() => changes.push(change()), 1000);
  const ran = await Promise.resolve()
    .then(run)
    .then(
      (value) => ({ value }),
      (error) => ({ error }),
    );
  clearInterval(timer);
  await Promise.all(changes);
  // A change the API refused is the finding, whatever `run` answered; when `run` failed too, both are told.
  const refused = failures.length > 0 ? new Error(failures.join('\n')) : null;
  if ('error' in ran) throw refused ? new AggregateError([ran.error, refused], 'The run failed while the API refused changes') : ran.error;
  if (refused) throw refused;
  return ran.value;
}
