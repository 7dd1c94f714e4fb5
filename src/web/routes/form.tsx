import { createFileRoute } from '@tanstack/react-router';
import { ActivatedPage } from '../features/account/ActivatedPage';

export const Route = createFileRoute('/form')({ component: ActivatedPage });
