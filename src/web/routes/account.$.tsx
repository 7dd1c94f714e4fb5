import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound';

/** Unknown account pages: not found, inside the account frame. */
export const Route = createFileRoute('/account/$')({ component: NotFound });
