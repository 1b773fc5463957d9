import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../features/appError/RouteError';
import { DashboardRedirect } from './DashboardRedirect';
import { Layout } from './layout/Layout';

/** A route whose screen is its own chunk, loaded when first visited. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** What a route's `handle` may say: `serverRendered`, a public page the server renders to HTML (a visitor's view of it). */
export interface RouteHandle {
  serverRendered?: boolean;
}

/** A public storefront page, the same for every visitor: the server renders it. */
const serverRendered = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy' | 'handle'> => ({
  ...page(load),
  handle: { serverRendered: true } satisfies RouteHandle,
});

/**
 * Every route of spec section 2; paths match case-insensitively (React
 * Router's default), so /Login and /login are one page. A page that fails
 * (its file did not load, it threw) shows the error page inside the layout,
 * an admin page's beside the admin menu too; the layout's own failure, alone.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError standalone />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'home', ...serverRendered(() => import('../features/home/HomePage')) },
          { path: 'catalogue', ...serverRendered(() => import('../features/catalogue/CataloguePage')) },
          { path: 'detail/:id', ...serverRendered(() => import('./ProductDetailRoute')) },
          { path: 'listproducts/:category', ...serverRendered(() => import('./CategoryRoute')) },
          { path: 'payment', ...page(() => import('../features/checkout/PaymentPage')) },
          { path: 'favorites', ...page(() => import('../features/favorites/FavoritesPage')) },
          { path: 'order', ...page(() => import('./OrdersRoute')) },
          { path: 'about', ...serverRendered(() => import('../features/about/AboutPage')) },
          { path: 'profile', ...page(() => import('./ProfileRoute')) },
          { path: 'cart', ...page(() => import('../features/cart/CartPage')) },
          { path: 'login', ...page(() => import('../features/account/LoginPage')) },
          { path: 'register', ...page(() => import('../features/account/RegisterPage')) },
          { path: 'resetPassword', ...page(() => import('../features/account/ResetPasswordPage')) },
          { path: 'error', ...page(() => import('../features/productError/ProductErrorPage')) },
          { path: 'dashboard', element: <DashboardRedirect /> },
          {
            path: 'admin',
            ...page(() => import('./admin/AdminLayout')),
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  { index: true, element: <Navigate to="/admin/dashboard" replace /> },
                  { path: 'dashboard', ...page(() => import('../features/adminDashboard/AdminDashboardPage')) },
                  { path: 'products', element: <Navigate to="/admin/products/list" replace /> },
                  { path: 'products/list', ...page(() => import('./admin/AdminProductsRoute')) },
                  { path: 'products/create', ...page(() => import('../features/adminProductForm/ProductFormPage')) },
                  { path: 'products/edit/:id', ...page(() => import('../features/adminProductForm/ProductFormPage')) },
                  { path: 'users', ...page(() => import('../features/adminUsers/AdminUsersPage')) },
                  { path: 'orders', ...page(() => import('./OrdersRoute')) },
                ],
              },
            ],
          },
          { path: '*', ...serverRendered(() => import('../features/notFound/NotFoundPage')) },
        ],
      },
    ],
  },
];
