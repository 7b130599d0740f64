/** Demo people: three owners and eight sitters in four cities (real city-centre coordinates). */

export type City = { city: string; state: string; zip: string; lat: number; lng: number };
export const CITIES = {
  austin: { city: 'Austin', state: 'TX', zip: '78701', lat: 30.2672, lng: -97.7431 },
  denver: { city: 'Denver', state: 'CO', zip: '80202', lat: 39.7392, lng: -104.9903 },
  portland: { city: 'Portland', state: 'OR', zip: '97205', lat: 45.5152, lng: -122.6784 },
  seattle: { city: 'Seattle', state: 'WA', zip: '98101', lat: 47.6062, lng: -122.3321 },
} satisfies Record<string, City>;

export type Person = {
  key: string;
  firstName: string;
  lastName: string;
  type: 'user' | 'provider';
  city: City;
  /** Offset from the city centre in degrees, so people are spread over the map. */
  offset: [number, number];
  street: string;
  kyc: boolean;
  /** Owners only: a paid member holds a package (sitters do not book, so buy none). */
  paid?: boolean;
  headline?: string;
  bio: string;
  services?: Record<string, number>;
  pets?: string[];
};

export const PEOPLE: Person[] = [
  {
    key: 'olivia',
    firstName: 'Olivia',
    lastName: 'Bennett',
    type: 'user',
    city: CITIES.austin,
    offset: [0.012, -0.008],
    street: '1100 S Lamar Blvd',
    kyc: true,
    paid: true,
    bio: 'Nurse on rotating shifts with a very social golden retriever, Biscuit, and an older tabby who prefers quiet.',
    pets: ['Dogs', 'Cats'],
  },
  {
    key: 'marcus',
    firstName: 'Marcus',
    lastName: 'Reid',
    type: 'user',
    city: CITIES.denver,
    offset: [-0.01, 0.015],
    street: '2400 E Colfax Ave',
    kyc: true,
    paid: true,
    bio: 'Travel a lot for work. Two energetic huskies who need long walks and someone who does not mind fur everywhere.',
    pets: ['Dogs'],
  },
  {
    key: 'priya',
    firstName: 'Priya',
    lastName: 'Shah',
    type: 'user',
    city: CITIES.portland,
    offset: [0.006, 0.01],
    street: '815 NW 23rd Ave',
    kyc: false,
    bio: 'New to Portland with a rescue greyhound and a budgie. Looking for a reliable sitter for weekend trips.',
    pets: ['Dogs', 'Birds'],
  },
  {
    key: 'sam',
    firstName: 'Sam',
    lastName: 'Ortega',
    type: 'provider',
    city: CITIES.austin,
    offset: [0.02, 0.01],
    street: '3200 Guadalupe St',
    kyc: true,
    headline: 'Trail-running dog walker in central Austin',
    bio: 'Former vet tech, eight years of walking big and reactive dogs. Pet first aid certified, always sends photos after each walk.',
    services: { 'Dog walking': 2500, 'Pet sitting': 4500, Boarding: 6000 },
    pets: ['Dogs'],
  },
  {
    key: 'maya',
    firstName: 'Maya',
    lastName: 'Collins',
    type: 'provider',
    city: CITIES.austin,
    offset: [-0.025, 0.018],
    street: '4500 Duval St',
    kyc: true,
    headline: 'Cat whisperer and house sitter',
    bio: 'Quiet home, no dogs of my own, perfect for shy cats and senior pets. Comfortable with insulin shots and pill schedules.',
    services: { 'Pet sitting': 4000, 'Drop-in visits': 2200 },
    pets: ['Cats', 'Small mammals'],
  },
  {
    key: 'leo',
    firstName: 'Leo',
    lastName: 'Fischer',
    type: 'provider',
    city: CITIES.denver,
    offset: [0.015, -0.02],
    street: '1600 Pearl St',
    kyc: true,
    headline: 'Fenced yard boarding near City Park',
    bio: 'Large fenced yard, work from home, and a calm lab mix who loves guests. Daily updates with photos and a short video.',
    services: { Boarding: 5500, Grooming: 3500, 'Dog walking': 2200 },
    pets: ['Dogs'],
  },
  {
    key: 'hannah',
    firstName: 'Hannah',
    lastName: 'Kim',
    type: 'provider',
    city: CITIES.denver,
    offset: [-0.03, -0.012],
    street: '700 S Broadway',
    kyc: true,
    headline: 'Puppy training and drop-in visits',
    bio: 'Certified trainer who loves puppies. Drop-ins include feeding, play, potty breaks and practising the basics you are working on.',
    services: { 'Drop-in visits': 2000, Training: 6500, 'Dog walking': 2400 },
    pets: ['Dogs', 'Cats'],
  },
  {
    key: 'jade',
    firstName: 'Jade',
    lastName: 'Nguyen',
    type: 'provider',
    city: CITIES.portland,
    offset: [-0.012, 0.02],
    street: '3300 SE Hawthorne Blvd',
    kyc: true,
    headline: 'Overnight sitter for anxious pets',
    bio: 'Grad student with a flexible schedule. I stay overnight in your home so your pets keep their routine. Great with separation anxiety.',
    services: { 'House sitting': 7000, 'Pet sitting': 4200 },
    pets: ['Dogs', 'Cats', 'Birds'],
  },
  {
    key: 'omar',
    firstName: 'Omar',
    lastName: 'Haddad',
    type: 'provider',
    city: CITIES.portland,
    offset: [0.018, -0.015],
    street: '1200 N Mississippi Ave',
    kyc: true,
    headline: 'Adventure walks in Forest Park',
    bio: 'Group and solo hikes for high-energy dogs, pick-up and drop-off included. Insured, with a dog-safe SUV.',
    services: { 'Dog walking': 2800, Grooming: 4000 },
    pets: ['Dogs'],
  },
  {
    key: 'nora',
    firstName: 'Nora',
    lastName: 'Lindqvist',
    type: 'provider',
    city: CITIES.seattle,
    offset: [0.01, 0.012],
    street: '500 Pine St',
    kyc: true,
    headline: 'Exotic and small-animal specialist',
    bio: 'Rabbits, reptiles, birds and fish: I know the diets, temperatures and cage cleaning. Also happy to care for cats.',
    services: { 'Drop-in visits': 2500, 'Pet sitting': 4800 },
    pets: ['Small mammals', 'Reptiles', 'Birds', 'Cats'],
  },
  {
    key: 'ethan',
    firstName: 'Ethan',
    lastName: 'Brooks',
    type: 'provider',
    city: CITIES.seattle,
    offset: [-0.02, -0.01],
    street: '2100 N 45th St',
    kyc: false,
    headline: 'Weekend dog walker in Wallingford',
    bio: 'Software tester by day, dog walker on weekends and evenings. Raised three border collies; patient with pullers.',
    services: { 'Dog walking': 2000, 'Pet sitting': 4000 },
    pets: ['Dogs'],
  },
];
