import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/profile/ProfilePage';
import { loadProfileTexts } from '../features/profile/texts';
import { DocumentsSection } from '../features/documents/DocumentsSection';
import { loadDocumentsTexts } from '../features/documents/texts';
import { CardsSection } from '../features/loyalty-cards/CardsSection';
import { loadCardsTexts } from '../features/loyalty-cards/texts';
import { PaymentCardsSection } from '../features/payment-cards/PaymentCardsSection';
import { loadPaymentCardsTexts } from '../features/payment-cards/texts';
import { MyDataSection } from '../features/privacy/MyDataSection';
import { loadPrivacyTexts } from '../features/privacy/texts';

/** /account/informations: the personal data page, one section per feature (features never import each other: they meet here). */
export const Route = createFileRoute('/account/informations')({
  loader: () => Promise.all([loadProfileTexts(), loadDocumentsTexts(), loadCardsTexts(), loadPaymentCardsTexts(), loadPrivacyTexts()]),
  component: InformationsRoute,
});

function InformationsRoute() {
  return (
    <div className="flex flex-col gap-6">
      <ProfilePage />
      <DocumentsSection />
      <CardsSection />
      <PaymentCardsSection />
      <MyDataSection />
    </div>
  );
}
