/** The venue's facts, in one place: the pages, the e-mails and the structured data read them here. */
import type { LocalizedText } from './schemas/common';

export const venue = {
  name: { ru: 'Дом 1799', en: 'House 1799' } satisfies LocalizedText,
  legalName: { ru: 'ООО «Дом 1799»', en: 'House 1799 LLC' } satisfies LocalizedText,
  tagline: {
    ru: 'Бутик-отель, ресторан и кафе в доме 1799 года',
    en: 'A boutique hotel, restaurant and cafe in a house built in 1799',
  } satisfies LocalizedText,
  builtIn: 1799,
  roomCount: 8,
  address: {
    street: { ru: 'ул. Замковая, 7', en: '7 Zamkovaya St' } satisfies LocalizedText,
    city: { ru: 'Гродно', en: 'Grodno' } satisfies LocalizedText,
    postalCode: '230025',
    country: { ru: 'Беларусь', en: 'Belarus' } satisfies LocalizedText,
    countryCode: 'BY',
  },
  coordinates: { lat: 53.67795, lng: 23.82565 },
  phones: {
    hotel: '+375152001799',
    restaurant: '+375152001800',
    delivery: '+375290001799',
  },
  email: 'hello@house1799.by',
  hours: {
    reception: { ru: 'Круглосуточно', en: 'Around the clock' } satisfies LocalizedText,
    restaurant: { ru: 'Ежедневно 12:00–23:00', en: 'Daily 12:00–23:00' } satisfies LocalizedText,
    cafe: { ru: 'Ежедневно 08:00–20:00', en: 'Daily 08:00–20:00' } satisfies LocalizedText,
    delivery: { ru: 'Ежедневно 11:00–22:00', en: 'Daily 11:00–22:00' } satisfies LocalizedText,
  },
  social: {
    instagram: 'https://www.instagram.com/house1799',
    telegram: 'https://t.me/house1799',
  },
} as const;

/** Phone number for display: "+375 152 00-17-99". */
export function formatPhone(phone: string): string {
  // Mobile operators have two-digit codes (+375 29 123-45-67); city codes have three (+375 152 12-34-56).
  const mobile = /^\+375(25|29|33|44)(\d{3})(\d{2})(\d{2})$/.exec(phone);
  if (mobile) return `+375 ${mobile[1]} ${mobile[2]}-${mobile[3]}-${mobile[4]}`;
  const city = /^\+375(\d{3})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  if (city) return `+375 ${city[1]} ${city[2]}-${city[3]}-${city[4]}`;
  return phone;
}

export function mapLinks(lang: 'ru' | 'en') {
  const { lat, lng } = venue.coordinates;
  const query = `${venue.address.street[lang]}, ${venue.address.city[lang]}`;
  return {
    yandex: `https://yandex.by/maps/?pt=${lng},${lat}&z=17&l=map&text=${encodeURIComponent(query)}`,
    google: `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`,
  };
}
