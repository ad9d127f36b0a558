// Reached only through import() (components/Toasts.tsx), so Mantine's toast area is a chunk of its own.
import './toasts.css';
export { Notifications as default } from '@mantine/notifications';
