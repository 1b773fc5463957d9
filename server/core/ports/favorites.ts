/** A user's favourite products, by id, in the order they were added. */
export interface FavoriteStore {
  listFavorites(userId: string): Promise<number[]>;
  addFavorite(userId: string, productId: number): Promise<void>;
  removeFavorite(userId: string, productId: number): Promise<void>;
}
