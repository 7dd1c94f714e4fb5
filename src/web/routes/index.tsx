import { createFileRoute } from '@tanstack/react-router';
import { SearchHome } from '../features/search/SearchHome';

export const Route = createFileRoute('/')({ component: SearchHome });
