// /dashboarddemo shows the same home as /user-dashboard.
export { default } from './user-dashboard-screen';
