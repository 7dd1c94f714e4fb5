import { loadAccountTexts } from '../features/account/texts';
import { createFileRoute } from '@tanstack/react-router';
import { ActivatedPage } from '../features/account/ActivatedPage';

export const Route = createFileRoute('/form')({ loader: loadAccountTexts, component: ActivatedPage });
