/** schema.org descriptions of the hotel and the restaurant (JSON-LD), from the venue's facts. */
import { CHECK_IN_TIME, CHECK_OUT_TIME, HOTEL_ROOM_COUNT, venue, type Language } from '@hotel/domain';
import { SITE_ORIGIN } from './site';

function address(language: Language) {
  return {
    '@type': 'PostalAddress',
    streetAddress: venue.address.street[language],
    addressLocality: venue.address.city[language],
    postalCode: venue.address.postalCode,
    addressCountry: venue.address.countryCode,
  };
}

const geo = { '@type': 'GeoCoordinates', latitude: venue.coordinates.lat, longitude: venue.coordinates.lng };

export function hotelJsonLd(language: Language) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Hotel',
    '@id': `${SITE_ORIGIN}/#hotel`,
    name: venue.name[language],
    description: venue.tagline[language],
    url: `${SITE_ORIGIN}/`,
    image: `${SITE_ORIGIN}/og-image.png`,
    telephone: venue.phones.hotel,
    email: venue.email,
    address: address(language),
    geo,
    checkinTime: CHECK_IN_TIME,
    checkoutTime: CHECK_OUT_TIME,
    numberOfRooms: HOTEL_ROOM_COUNT,
    priceRange: 'BYN',
    currenciesAccepted: 'BYN',
    paymentAccepted: 'Cash, Credit Card',
    sameAs: [venue.social.instagram, venue.social.telegram],
  };
}

export function restaurantJsonLd(language: Language) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${SITE_ORIGIN}/restaurant#restaurant`,
    name: language === 'ru' ? `Ресторан «${venue.name.ru}»` : `${venue.name.en} Restaurant`,
    url: `${SITE_ORIGIN}/restaurant`,
    image: `${SITE_ORIGIN}/og-image.png`,
    telephone: venue.phones.restaurant,
    address: address(language),
    geo,
    servesCuisine: language === 'ru' ? ['Белорусская', 'Европейская'] : ['Belarusian', 'European'],
    openingHours: 'Mo-Su 12:00-23:00',
    // The booking page: schema.org takes a URL where a table is reserved as well as a yes.
    acceptsReservations: `${SITE_ORIGIN}/restaurant/book`,
    hasMenu: `${SITE_ORIGIN}/delivery`,
    priceRange: 'BYN',
    containedInPlace: { '@id': `${SITE_ORIGIN}/#hotel` },
  };
}
