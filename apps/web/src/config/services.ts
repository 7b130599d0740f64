/** The services Pawsy offers; `value` is what travels in primery_services / primary_services. */
export const SERVICE_OPTIONS = [
  { value: 'dog-walking', label: 'Dog walking' },
  { value: 'pet-sitting', label: 'Pet sitting' },
  { value: 'boarding', label: 'Boarding' },
  { value: 'drop-in-visits', label: 'Drop-in visits' },
  { value: 'grooming', label: 'Grooming' },
] as const;
