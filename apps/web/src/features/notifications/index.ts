export { NotificationCenter } from './components/notification-center';
