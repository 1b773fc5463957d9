import type { Attempt } from './accessRequests';

/**
 * A valid request for every operation the contract reserves to an Admin, so
 * only the caller's type can refuse it: the users, the order and the product
 * it changes are `targets`.
 */
export const adminRequests = (targets: {
  userId: string;
  bulkUserId: string;
  openOrderId: number;
  productId: number;
}): Record<string, Omit<Attempt, 'label'>> => ({
  listUsers: { method: 'get', path: '/users' },
  deleteUsers: { method: 'post', path: '/users/delete', body: { ids: [targets.bulkUserId] } },
  setUserType: { method: 'put', path: '/users/type', body: { userId: targets.userId, type: 'Banned' } },
  deleteUser: { method: 'delete', path: `/users/${targets.userId}` },
  listOrders: { method: 'get', path: '/orders' },
  setOrderStatus: { method: 'patch', path: '/orders', body: { orderID: targets.openOrderId, status: 'cancelled' } },
  getStats: { method: 'get', path: '/stats' },
  listAdminProductPage: { method: 'get', path: '/products/admin' },
  createProduct: {
    method: 'post',
    path: '/products',
    body: {
      name: 'Attacker Lipstick',
      price: 1,
      brand: 'dior',
      category: 'lipstick',
      stock: 5,
      description: '<p>Cheap</p>',
      image: '/images/products/lipstick-a4161a.svg',
      discount: 0,
    },
  },
  updateProduct: { method: 'put', path: '/products', body: { id: targets.productId, price: 0.01 } },
  updateProductsBulk: { method: 'patch', path: '/products/bulk', body: { ids: [targets.productId], discount: 100 } },
  importProducts: {
    method: 'post',
    path: '/products/import',
    body: {
      products: [
        {
          name: 'Imported By Attacker',
          price: 1,
          brand: 'nyx',
          category: 'blush',
          stock: 4,
          description: '<p>Rose</p>',
          image: '/images/products/lipstick-a4161a.svg',
          discount: 0,
        },
      ],
    },
  },
});
