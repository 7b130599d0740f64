/** Kinds of pets an owner has or a sitter prefers (profile `pet_prefrences`). */
export const PET_PREFERENCE_OPTIONS = [
  'Dogs',
  'Cats',
  'Birds',
  'Rabbits',
  'Reptiles',
  'Fish',
  'Small mammals',
  'Other',
] as const;

/** Identity document types a profile may name (`document_type`). */
export const DOCUMENT_TYPE_OPTIONS = [
  { value: 'passport', label: 'Passport' },
  { value: 'driving-licence', label: 'Driving licence' },
  { value: 'national-id', label: 'National ID card' },
  { value: 'residence-permit', label: 'Residence permit' },
] as const;
