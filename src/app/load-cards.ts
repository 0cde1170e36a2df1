// The record cards' code, shared by the view that shows them and the one that loads them early.
export const loadCards = () => import('../features/cards/records-cards')
