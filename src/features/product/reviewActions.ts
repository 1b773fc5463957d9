import { api } from '~/src/api/client';
import { dataOf, errorMessage } from '~/src/api/replies';
import type { Comment, Product } from '~/src/domain/types';
import type { ReviewActions } from './Reviews';

/** The answer's data, or the server's message (or a generic one) as the failure. */
/** Comments and ratings on the API; a buyer is someone with a non-cancelled order holding the product. */
export const reviewActions: ReviewActions = {
  comments: async (productId, signal): Promise<Comment[]> =>
    dataOf(await api.GET('/comments', { params: { query: { productId } }, signal })),
  hasBought: async (userId, productId, signal) => {
    const orders = dataOf(await api.GET('/userOrders', { params: { query: { userID: userId } }, signal }));
    return orders.some((order) => order.status !== 'cancelled' && order.lines.some((line) => line.productId === productId));
  },
  post: async (body): Promise<Comment> => dataOf(await api.POST('/comments', { body })),
  remove: async (commentId) => {
    const { error, response } = await api.DELETE('/comments', { params: { query: { commentId } } });
    if (!response.ok) throw new Error(errorMessage(error) ?? 'The request failed.');
  },
  rate: async (body): Promise<Product> => dataOf(await api.PUT('/products/rating', { body })),
  ownRating: async (id, signal) => dataOf(await api.GET('/products/{id}/rating', { params: { path: { id } }, signal })).rating,
};
