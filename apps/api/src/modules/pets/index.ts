/** The pets area's public surface: other modules import only from here. */
export { countPets, ownedPets, petKindsOfBookings } from './pets.service.ts';
export { petRoutes } from './pets.routes.ts';
// The demo seed writes pets directly and books each owner's first ones.
export { insertPets, listPetsByOwner } from './pets.repository.ts';
