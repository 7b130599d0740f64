// Public surface of the pets feature, for the screens of other features.
export { petsApi, type Pet } from './pets-api';
export { capitalize, PetFacts } from './components/pet-facts';
