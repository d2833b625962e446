/** API calls of the practice's locations, services and fees (issue 16 items 2 and 3). */
export const practicePlacesApi = {
  practicePlaces: {
    locations: '/api/practice/locations',
    saveLocation: '/api/practice/locations/save',
    setLocationActive: '/api/practice/locations/setActive',
    closeLocation: '/api/practice/locations/service/close',
    services: '/api/practice/services',
    saveService: '/api/practice/services/save',
    setServiceActive: '/api/practice/services/setActive',
    fees: '/api/practice/services/fees',
    offerings: '/api/practice/services/offerings',
  },
} as const;
