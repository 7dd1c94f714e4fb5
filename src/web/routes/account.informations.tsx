import { createFileRoute } from '@tanstack/react-router';
import { InformationsPage } from '../features/account/InformationsPage';

export const Route = createFileRoute('/account/informations')({ component: InformationsPage });
