/**
 * The description of every operation of the OpenAPI description (by operationId): what it does and
 * who may call it, in one or two sentences, from the specification (shared spec/) and the code. The
 * route's `summary` stays the short line; a route's own `description` is kept when it has one.
 * src/server/openapi.test.ts checks that every operation has one and that no entry names an
 * operation that does not exist.
 */
export const OPERATION_DESCRIPTIONS: Record<string, string> = {
  // agency
  getAgency:
    'Anyone with the deployment’s Api-Key, before signing in: the agency’s name, colours, logo and feature flags, and its information block (sanitised HTML) in the Accept-Language.',

  // account
  getAuthStrategy:
    'Anyone with the Api-Key, on the sign-in page: tells whether the username signs in with a password or through its company’s single sign-on, and answers alike for unknown names.',
  login:
    'Anyone with the Api-Key: exchanges a username and password (or a one-time sign-in token) for a session token, sent as `Authorization: Bearer` on later calls.',
  logout: 'The signed-in user: ends the session of the token sent; other sessions stay open.',
  self: 'The signed-in user: their account, company, permissions and feature flags, with the links of what they may do.',
  ssoEntry: 'The browser arriving at a /sso or /sandbox entry with its one-time token: exchanges it for a session and the features in force.',
  signUp:
    'Anyone with the Api-Key, where the agency lets people sign up: creates a pending account and e-mails its activation link, answering alike whether the address is taken or not.',
  activateAccount: 'The holder of an e-mailed activation token: activates the pending account and starts its first-login onboarding.',
  regenerateActivation: 'The holder of an expired or spent activation or onboarding link: e-mails a fresh one.',
  forgotPassword: 'Anyone with the Api-Key: e-mails a password reset link when the account exists, answering alike when it does not.',
  resetPassword: 'The holder of an e-mailed reset token: sets a new password; the token is spent and the other sessions end.',
  handicapTypes: 'Anyone with the Api-Key: the reference list of disabilities the profile form offers, labelled in the caller’s language.',
  wheelchairs: 'Anyone with the Api-Key: the reference list of wheelchair kinds and their typical measures, which prefill the profile form.',

  // profile
  updateProfile:
    'The signed-in user: saves their own profile form on the version they read (If-Match), and answers the user with a fresh session token. A new password or e-mail address takes the current password; a new address is only pending until the link sent to it is followed.',
  confirmEmailChange:
    'The holder of the link e-mailed to a new address (no session needed): the account’s address becomes it, and the former address is told of the change.',

  // places
  searchPlaces:
    'Anyone with the Api-Key (a signed-in user also gets their company’s addresses): the places whose name matches the text, for the search form’s autocomplete.',

  // trip
  searchTrips:
    'Anyone with the Api-Key (signed in, the company’s policy and negotiated fares apply): searches rail and flight proposals and answers the first page.',
  next: 'The caller of the search: the page of later departures of a search it made.',
  previous: 'The caller of the search: the page of earlier departures of a search it made.',
  travelerForm: 'The caller of the search, once it chose offers: the traveller forms to fill and the seat options before adding to the cart.',
  getPlacementOptions: 'The caller of the search, once it chose offers: the seat placement options the carriers offer for them.',
  getMoreChoices: 'The caller of the search: every fare of one cabin (a choice) of a proposal.',
  fullfareConditions: 'The caller of the search: the complete fare conditions (exchange, refund) of one offer.',

  // hotel, car rental
  hotelDetails: 'The caller of a hotel search: one hotel’s details (photos, amenities) and its room offers for the stay, the cheapest first.',

  // expert
  expertSearch: 'A signed-in user whose account offers the expert mode: searches up to three flight journeys at once and answers the first journey’s flights.',
  nextJourney: 'The user who made the expert search: the flights of the next journey, given the offers chosen so far.',
  expertTravelerForm: 'The user who made the expert search, once an offer is chosen per journey: the traveller forms of the itinerary.',
  addExpertToCart: 'The user who made the expert search: adds the itinerary to a travel in the cart, one flight product per journey.',

  // travels
  emptyCart: 'The signed-in user: removes every travel of theirs still in the cart; booked travels are untouched.',
  getTravel:
    'The travel’s owner, the traveller it was booked for, its approvers and the agency’s staff: one travel with its products, price, status and the links of what the caller may do now.',
  delete: 'The travel’s owner, while it is in the cart: removes it (a stale If-Match is refused).',

  // booking
  confirm:
    'The travel’s owner, at the end of checkout when the travel needs no approval: books it on the company’s account, or holds its products as options when the company books on option.',
  payByCard:
    'The travel’s owner, when the company lets its travellers pay by card: books the travel charging a new or saved card, possibly after the bank’s 3-D Secure page.',
  confirmCardPayment:
    'The travel’s owner, back from the bank’s authentication page: finishes the card payment and books the travel when the bank authenticated the holder.',
  releasePrebooking: 'The travel’s owner: gives back one held option (prebooked product) before its deadline.',
  requestApproval: 'The travel’s owner, when the company’s policy needs an approval: sends the travel to its approver, holding its products meanwhile.',
  confirmHeldOption:
    'Agency staff (travel agents, assistance agents): book the options a traveller of a customer company holds, as the traveller’s confirm would.',
  releaseHeldOptions: 'Agency staff (travel agents, assistance agents): give back every option a traveller holds; the travel is removed.',

  // approvals
  approvals: 'An approver (permission `approval`): the requests awaiting their answer, as main approver or as backup once due, one page at a time.',
  safetyApprovals: 'The safety service (permission `check_approval`): the requests for trips to high-risk countries, one page at a time.',
  approvalCounts: 'The signed-in user: how many requests await their answer, for the menu badge.',
  getApproval: 'The request’s requester and its approvers: one approval request with its travel and the links of the answers still possible.',
  approve: 'The request’s approver (or its backup once due): approves; the travel is booked once every request of it said yes.',
  deny: 'The request’s approver (or its backup once due): refuses with a reason; the travel is denied and its holds released.',
  escalate: 'The request’s approver: passes the request on to another approver of the company’s chain.',
  cancelApproval: 'The request’s requester, while it is pending: takes it back; the travel returns to the cart, re-priced.',
  remind: 'The request’s requester, while it is pending: e-mails the approvers again, at most once an hour.',
  oneClickApproval: 'The holder of an e-mailed one-click link, without a session: the request it answers and the link to answer it.',
  answerOneClick: 'The holder of an e-mailed one-click link, without a session: approves or denies the request; the link is then spent.',

  // checkout
  getAllAnalytics: 'The travel’s owner, during checkout: the analytics fields the company asks for (cost centre, project…) with the values given so far.',
  fillAnalytics: 'The travel’s owner, during checkout: saves the travel’s analytics values, each checked against its field’s rules.',
  getMissionOrders: 'The travel’s owner, during checkout when the company uses mission orders: each traveller’s mission order form.',
  patchMissionOrders: 'The travel’s owner, during checkout: saves the travellers’ mission orders.',
  getAvailableApprovers: 'The travel’s owner, during checkout when the travel needs approval: the approvers it may be sent to.',
  fillApprovers: 'The travel’s owner, during checkout: chooses the approver (and the backup) the request will go to.',

  // travelers
  listCustomerCompanies: 'Agency staff (travel agents, assistance agents): the agency’s customer companies they book for.',
  searchColleagues:
    'A signed-in user booking for someone else: the colleagues of their company (agency staff: of the customer company they name) matching a text.',
  searchGuests: 'A signed-in user booking for someone else: their guests and their company’s (agency staff: the customer company’s) matching a text.',
  createGuest: 'A signed-in user: adds a guest of their own to book for.',

  // comms
  getComms: 'Anyone with the Api-Key (signed in, their company’s messages too): the agency’s messages to show on pages of the app.',

  // calendar
  calendar: 'The travel’s owner or traveller, once it is booked: its legs as an iCalendar file to import in a calendar app.',
  calendarSubscription: 'The signed-in user: whether their private calendar feed address works, and the links to make a new one or end it.',
  subscribeCalendar: 'The signed-in user: makes a new secret feed address for calendar apps (the previous one stops working); only this answer shows it.',
  revokeCalendar: 'The signed-in user: ends their feed address; calendar apps reading it then get 404.',

  // bookings
  listTickets: 'The signed-in user: their booked tickets, one per product, those not yet travelled or the archives.',

  // cancellation
  previewRefund: 'The product’s owner or traveller (or agency staff): what cancelling the booked product now would refund, valid until its limit.',
  cancelProduct:
    'The products’ owner or traveller (or agency staff): cancels booked products at the refund previewed, or hands the cancellation to the agency when the supplier cannot do it online.',
  agencyTasks: 'Agency staff (travel agents, assistance agents): the offline cancellations to answer and the failed bookings to close.',
  completeAgencyTask: 'Agency staff: answer an offline cancellation with the refund and fees obtained, or its refusal; the traveller is told by e-mail.',

  // agency queue
  agencyQueue: 'Agency staff (travel agents, assistance agents): their work queue, each section by urgency.',
  closeAgencyTask: 'Agency staff: close a failed booking they followed up, with a note of what they did.',

  // company administration
  companyAdmin:
    'The company’s travel manager (permission `account_creation`, own company) or the agency administrator (any client company, its rules only): the company’s set-up and the links to change it.',
  companyPeople: 'The company’s travel manager: its employees and guests matching a text.',
  inviteEmployee: 'The company’s travel manager: invites an employee by e-mail; the link lets them choose a password.',
  resendInvitation: 'The company’s travel manager: e-mails an invited employee a new invitation link.',
  deactivateUser: 'The company’s travel manager: deactivates an employee (not themself): no sign-in, sessions ended.',
  reactivateUser: 'The company’s travel manager: reactivates an employee, invited again if they never accepted.',
  createCompanyGuest: 'The company’s travel manager: adds a company guest every employee may book for.',
  deactivateGuest: 'The company’s travel manager: deactivates a company guest, no longer bookable.',
  reactivateGuest: 'The company’s travel manager: reactivates a company guest.',
  updateEntities: 'The company’s travel manager or the agency administrator: replaces the company’s entities (cost-bearing units) with the list sent.',
  updateAnalytics: 'The company’s travel manager or the agency administrator: replaces the analytics fields checkout asks for.',
  updateApprovers: 'The company’s travel manager or the agency administrator: sets when travels need approval, and the approvers with their backups.',
  updateTravelPolicy: 'The company’s travel manager or the agency administrator: sets the travel policy in figures and its text for travellers.',
  invitation: 'The holder of an e-mailed invitation, without a session: who is invited to which company, and the link to accept.',
  acceptInvitation: 'The holder of an e-mailed invitation, without a session: accepts it with a password; the account becomes active.',

  // agency administration
  agencyAdmin:
    'The agency administrator (permission `agency_admin`): the agency as they manage it, with the links to its companies, staff, branding, messages and history.',
  agencyCompanies: 'The agency administrator: the agency’s client companies.',
  createClientCompany: 'The agency administrator: creates a client company with its entities.',
  updateClientCompany: 'The agency administrator: changes a client company’s name, products and feature flags.',
  inviteTravelManager: 'The agency administrator: invites a client company’s travel manager by e-mail.',
  updateCompanySso: 'The agency administrator: sets or removes a client company’s single sign-on; the client secret is never answered.',
  agencyStaff: 'The agency administrator: the agency’s staff accounts and their roles.',
  inviteStaff: 'The agency administrator: invites a member of staff by e-mail with their roles.',
  deactivateStaff: 'The agency administrator: deactivates a member of staff (not themself); their sessions end at once.',
  updateBranding: 'The agency administrator: changes the agency’s colours and logo, which every page then shows.',
  agencyMessages: 'The agency administrator: the agency’s messages to its travellers, one page at a time.',
  createAgencyMessage: 'The agency administrator: adds a message for a page of the app, optionally for one company.',
  updateAgencyMessage: 'The agency administrator: changes a message.',
  deleteAgencyMessage: 'The agency administrator: removes a message.',
  agencyHistory: 'The agency administrator: who changed what in the agency’s set-up, and when.',

  // loyalty cards
  userCards: 'The signed-in user: their loyalty and discount cards, applied to searches and bookings.',
  putUserCards: 'The signed-in user: replaces their list of cards with the one sent; nothing is stored if one number fails its type’s rules.',
  addUserCard: 'The signed-in user: adds a card of theirs.',
  userCardTypes: 'The signed-in user: the card types per transport and the rules their numbers follow.',
  updateUserCard: 'The signed-in user: changes one of their cards.',
  deleteUserCard: 'The signed-in user: deletes one of their cards.',

  // stats
  travelStats: 'The signed-in user: their dashboard over a period (trips, distance, CO2, time, money) and the trips to come.',
  companyTravelStats: 'The company’s travel manager: the company’s dashboard over a period.',

  // documents
  documents: 'The signed-in user: their identity documents, which flights that need one check.',
  updateDocuments: 'The signed-in user: replaces their identity documents with the list sent.',

  // payment cards
  paymentCards: 'The signed-in user: their saved payment cards (never the number), offered when paying by card.',
  deletePaymentCard: 'The signed-in user: deletes one of their saved payment cards and answers the list.',

  // exchange
  getProduct: 'The product’s owner or traveller: one booked product with its links, the exchange’s entry point.',
  getExchangeableSections: 'The product’s owner or traveller: the sections of the ticket that can be exchanged.',
  searchExchange: 'The product’s owner or traveller: searches the trains a section can be exchanged for, with each fare’s difference.',
  bookExchange: 'The product’s owner or traveller: books a choice of the exchange search as an offer to confirm (fees, difference, total).',
  confirmExchange: 'The product’s owner or traveller: confirms the exchange offer; the new ticket is issued and the old one cancelled.',

  // privacy
  privacyPolicy: 'Anyone with the Api-Key: the agency’s privacy policy in the reader’s language.',
  deleteOptionalData: 'The signed-in user: erases their optional personal data; the account stays.',
  deleteAccount: 'The signed-in user, confirming with their password: erases their account; booked travels are kept anonymised.',
  onboardingData: 'The holder of an e-mailed onboarding token: the data the onboarding’s second step is prefilled with.',
  deleteOnboardingData: 'The holder of an e-mailed onboarding token: refuses the account; its data is deleted and the token used up.',
  confirmOnboarding: 'The holder of an e-mailed onboarding token: completes the onboarding and answers a session token.',
};
