/**
 * The demo content of House 1799: eight rooms, their amenities and the restaurant's delivery menu
 * (two dishes with options, so that a first look shows the options dialog),
 * in Russian and English. Plain data only; `pictures.ts` draws its pictures and the server's seed
 * (apps/api/src/seed/seed.ts) loads both into an empty database.
 * Money is in kopecks (1 BYN = 100 kopecks).
 */
import type { LocalizedText, OptionGroupsInput } from '@hotel/domain';

/** Line icons drawn by `pictures.ts` for the amenities. */
export type IconMotif =
  | 'wifi'
  | 'snowflake'
  | 'coffee-machine'
  | 'kettle'
  | 'safe'
  | 'robe'
  | 'river'
  | 'tv'
  | 'bathtub'
  | 'shower'
  | 'minibar'
  | 'desk'
  | 'hairdryer'
  | 'heated-floor'
  | 'books'
  | 'stove'
  | 'breakfast'
  | 'car'
  | 'clock'
  | 'parking'
  | 'bottle';

export interface DemoConvenience {
  key: string;
  description: LocalizedText;
  icon: IconMotif;
}

/** What a room picture shows. */
export type RoomMotif = 'bed' | 'window' | 'bathroom' | 'desk' | 'lounge';

/** The colours a room is drawn in: its walls (top to bottom), trim, furniture wood, floor, textiles, accent. */
export interface RoomPalette {
  wall: readonly [string, string];
  trim: string;
  wood: string;
  floor: string;
  textile: string;
  accent: string;
}

export type Wallpaper = 'plain' | 'stripes' | 'damask' | 'panels' | 'brick';
export type WindowView = 'river' | 'roofs' | 'garden' | 'street';

export interface DemoRoomImage {
  motif: RoomMotif;
  alt: LocalizedText;
}

export interface DemoRoom {
  slug: string;
  name: LocalizedText;
  description: LocalizedText;
  /** m² */
  roomSize: number;
  primaryCapacity: number;
  extraCapacity: number;
  /** Per night, kopecks. */
  price: number;
  /** Nightly price, kopecks, once extra places are used (spec: the extra price replaces the room price); null: the room price applies. */
  extraPrice: number | null;
  conveniences: readonly string[];
  palette: RoomPalette;
  /** How the walls are finished in the pictures. */
  wallpaper: Wallpaper;
  /** What the pictures show through the window. */
  view: WindowView;
  /** Sloped attic ceiling in the pictures. */
  attic?: boolean;
  images: readonly [DemoRoomImage, DemoRoomImage, DemoRoomImage];
}

/** What a dish picture shows. */
export type DishMotif =
  | 'soup'
  | 'bread-bowl'
  | 'pancakes'
  | 'syrniki'
  | 'dumplings'
  | 'casserole'
  | 'stew'
  | 'meat'
  | 'fish'
  | 'salad'
  | 'board'
  | 'cake'
  | 'dessert-glass'
  | 'crepes'
  | 'cup'
  | 'tea'
  | 'glass';

export interface DishLook {
  motif: DishMotif;
  /** The dish's main colour, a second colour and a garnish colour. */
  colors: readonly [string, string, string];
}

export interface DemoCategory {
  key: string;
  title: LocalizedText;
}

export interface DemoProduct {
  slug: string;
  category: string;
  name: LocalizedText;
  description: LocalizedText;
  /** Kopecks. */
  price: number;
  look: DishLook;
  /** A portion size or additions the guest chooses when adding the dish (decision 041), as staff enter them. */
  options?: OptionGroupsInput;
}

export const demoConveniences: readonly DemoConvenience[] = [
  { key: 'wifi', description: { ru: 'Wi‑Fi', en: 'Wi‑Fi' }, icon: 'wifi' },
  { key: 'air-conditioning', description: { ru: 'Кондиционер', en: 'Air conditioning' }, icon: 'snowflake' },
  { key: 'coffee-machine', description: { ru: 'Кофемашина', en: 'Coffee machine' }, icon: 'coffee-machine' },
  { key: 'kettle', description: { ru: 'Чайник и чайный набор', en: 'Kettle and tea set' }, icon: 'kettle' },
  { key: 'safe', description: { ru: 'Сейф', en: 'In-room safe' }, icon: 'safe' },
  { key: 'robes', description: { ru: 'Халаты и тапочки', en: 'Bathrobes and slippers' }, icon: 'robe' },
  { key: 'neman-view', description: { ru: 'Вид на Неман', en: 'View of the Neman' }, icon: 'river' },
  { key: 'smart-tv', description: { ru: 'Smart TV', en: 'Smart TV' }, icon: 'tv' },
  { key: 'bathtub', description: { ru: 'Ванна', en: 'Bathtub' }, icon: 'bathtub' },
  { key: 'rain-shower', description: { ru: 'Тропический душ', en: 'Rain shower' }, icon: 'shower' },
  { key: 'minibar', description: { ru: 'Мини-бар', en: 'Minibar' }, icon: 'minibar' },
  { key: 'desk', description: { ru: 'Письменный стол', en: 'Writing desk' }, icon: 'desk' },
  { key: 'hairdryer', description: { ru: 'Фен', en: 'Hairdryer' }, icon: 'hairdryer' },
  { key: 'heated-floor', description: { ru: 'Тёплый пол', en: 'Heated floor' }, icon: 'heated-floor' },
  { key: 'books', description: { ru: 'Книги о Гродно', en: 'Books about Grodno' }, icon: 'books' },
  { key: 'tiled-stove', description: { ru: 'Изразцовая печь', en: 'Tiled stove' }, icon: 'stove' },
];

export const demoRooms: readonly DemoRoom[] = [
  {
    slug: 'merchant',
    name: { ru: 'Купеческая', en: 'The Merchant’s Room' },
    description: {
      ru: 'В конце XVIII века здесь принимал гостей хозяин дома — гродненский купец, торговавший сукном с Тизенгаузовых мануфактур. Мы сохранили дубовые балки потолка и изразцовую печь, а стены выкрасили в глубокий зелёный цвет, как было принято в купеческих гостиных. Окна выходят на тихую Замковую улицу, и по утрам сюда доносится звон колоколов Фарного костёла.',
      en: 'At the end of the 18th century the owner of the house, a Grodno cloth merchant who traded with the Tyzenhaus manufactories, received his guests in this room. We kept the oak ceiling beams and the tiled stove and painted the walls the deep green of a merchant’s parlour. The windows look onto quiet Zamkovaya Street, and in the morning you can hear the bells of the Farny Church.',
    },
    roomSize: 32,
    primaryCapacity: 2,
    extraCapacity: 1,
    price: 295_00,
    extraPrice: 355_00,
    conveniences: ['wifi', 'air-conditioning', 'coffee-machine', 'safe', 'robes', 'smart-tv', 'rain-shower', 'minibar', 'hairdryer', 'tiled-stove'],
    palette: {
      wall: ['#2c4a3c', '#3e6150'],
      trim: '#e8dcc2',
      wood: '#6b3a22',
      floor: '#8a5a36',
      textile: '#f1e7d2',
      accent: '#c4903f',
    },
    wallpaper: 'panels',
    view: 'street',
    images: [
      {
        motif: 'bed',
        alt: {
          ru: 'Кровать с резным изголовьем у зелёной стены в Купеческой комнате',
          en: 'A bed with a carved headboard against the green wall of the Merchant’s Room',
        },
      },
      {
        motif: 'lounge',
        alt: {
          ru: 'Изразцовая печь и кресло в Купеческой комнате',
          en: 'The tiled stove and an armchair in the Merchant’s Room',
        },
      },
      {
        motif: 'bathroom',
        alt: {
          ru: 'Ванная комната с тропическим душем и латунными кранами',
          en: 'The bathroom with a rain shower and brass taps',
        },
      },
    ],
  },
  {
    slug: 'neman-view',
    name: { ru: 'Над Неманом', en: 'Above the Neman' },
    description: {
      ru: 'Самая светлая комната дома: два высоких арочных окна смотрят на Неман и зелёный склон под Старым замком. Стены цвета речного тумана, беленый дуб и льняной текстиль оставляют главную роль виду за окном. На закате широкий подоконник становится лучшим местом в Гродно — мы положили на него подушки и плед.',
      en: 'The brightest room in the house: two tall arched windows look out over the Neman and the green slope below the Old Castle. Walls the colour of river mist, bleached oak and linen leave the leading role to the view. At sunset the wide windowsill is the best seat in Grodno — we left cushions and a throw there for you.',
    },
    roomSize: 38,
    primaryCapacity: 2,
    extraCapacity: 1,
    price: 365_00,
    extraPrice: 435_00,
    conveniences: ['wifi', 'air-conditioning', 'coffee-machine', 'safe', 'robes', 'neman-view', 'smart-tv', 'bathtub', 'minibar', 'hairdryer', 'heated-floor'],
    palette: {
      wall: ['#9fb2bb', '#c3cfd2'],
      trim: '#f4f1ea',
      wood: '#b08256',
      floor: '#c49a6c',
      textile: '#f6f2ea',
      accent: '#b85c38',
    },
    wallpaper: 'plain',
    view: 'river',
    images: [
      {
        motif: 'window',
        alt: {
          ru: 'Арочное окно с видом на Неман и подоконник с подушками',
          en: 'An arched window overlooking the Neman, with cushions on the sill',
        },
      },
      {
        motif: 'bed',
        alt: {
          ru: 'Кровать с льняным бельём в комнате «Над Неманом»',
          en: 'A bed with linen sheets in the Above the Neman room',
        },
      },
      {
        motif: 'bathroom',
        alt: {
          ru: 'Отдельно стоящая ванна у окна',
          en: 'A freestanding bathtub by the window',
        },
      },
    ],
  },
  {
    slug: 'library',
    name: { ru: 'Библиотека', en: 'The Library' },
    description: {
      ru: 'Бывшая домашняя библиотека сохранила книжные шкафы от пола до потолка; теперь на их полках старые издания о Гродно, польская и белорусская классика и путеводители. Стены цвета бордо, латунные лампы и кожаное кресло у окна располагают к чтению в дождливый вечер. Окна выходят во внутренний двор, поэтому здесь всегда тихо.',
      en: 'Once the household library, the room has kept its floor-to-ceiling bookcases, now filled with old books about Grodno, Polish and Belarusian classics and travel guides. Oxblood walls, brass lamps and a leather armchair by the window are made for reading on a rainy evening. The windows face the inner courtyard, so it is always quiet here.',
    },
    roomSize: 26,
    primaryCapacity: 2,
    extraCapacity: 0,
    price: 245_00,
    extraPrice: null,
    conveniences: ['wifi', 'air-conditioning', 'kettle', 'safe', 'robes', 'rain-shower', 'desk', 'hairdryer', 'books'],
    palette: {
      wall: ['#5a2727', '#7a3a33'],
      trim: '#ead9bd',
      wood: '#4a2c1a',
      floor: '#7a4c2e',
      textile: '#eadfc8',
      accent: '#c9a35b',
    },
    wallpaper: 'damask',
    view: 'garden',
    images: [
      {
        motif: 'desk',
        alt: {
          ru: 'Книжные шкафы и письменный стол с латунной лампой',
          en: 'Bookcases and a writing desk with a brass lamp',
        },
      },
      {
        motif: 'bed',
        alt: {
          ru: 'Кровать у бордовой стены в комнате «Библиотека»',
          en: 'The bed against the oxblood wall of the Library',
        },
      },
      {
        motif: 'window',
        alt: {
          ru: 'Кожаное кресло у окна во внутренний двор',
          en: 'A leather armchair by the window onto the courtyard',
        },
      },
    ],
  },
  {
    slug: 'tyzenhaus-suite',
    name: { ru: 'Люкс Тизенгауза', en: 'The Tyzenhaus Suite' },
    description: {
      ru: 'Люкс назван в честь Антония Тизенгауза, гродненского старосты, при котором город в XVIII веке обзавёлся мануфактурами, театром и медицинской школой. Спальню и гостиную разделяет старинная двустворчатая дверь; в гостиной — изразцовая печь и отреставрированная лепнина потолка. В ванной комнате стоит ванна на львиных лапах, а из окон виден Новый замок.',
      en: 'The suite is named after Antoni Tyzenhaus, the Grodno administrator under whom the 18th-century town gained manufactories, a theatre and a medical school. A period double door separates the bedroom from the sitting room, which has a tiled stove and a restored plaster ceiling. The bathroom has a claw-foot tub, and the windows look towards the New Castle.',
    },
    roomSize: 48,
    primaryCapacity: 2,
    extraCapacity: 2,
    price: 510_00,
    extraPrice: 595_00,
    conveniences: [
      'wifi',
      'air-conditioning',
      'coffee-machine',
      'kettle',
      'safe',
      'robes',
      'neman-view',
      'smart-tv',
      'bathtub',
      'rain-shower',
      'minibar',
      'desk',
      'hairdryer',
      'heated-floor',
      'tiled-stove',
    ],
    palette: {
      wall: ['#c09a92', '#dcbfb4'],
      trim: '#f6ecdf',
      wood: '#6e3f24',
      floor: '#94633d',
      textile: '#f7efe3',
      accent: '#2e5e5a',
    },
    wallpaper: 'panels',
    view: 'river',
    images: [
      {
        motif: 'bed',
        alt: {
          ru: 'Спальня люкса Тизенгауза с кроватью под лепным потолком',
          en: 'The bedroom of the Tyzenhaus Suite under the moulded ceiling',
        },
      },
      {
        motif: 'lounge',
        alt: {
          ru: 'Гостиная люкса с изразцовой печью и диваном',
          en: 'The sitting room of the suite with a tiled stove and a sofa',
        },
      },
      {
        motif: 'bathroom',
        alt: {
          ru: 'Ванна на львиных лапах в ванной комнате люкса',
          en: 'The claw-foot tub in the suite’s bathroom',
        },
      },
    ],
  },
  {
    slug: 'attic',
    name: { ru: 'Мансарда', en: 'The Attic' },
    description: {
      ru: 'Уютная комната под самой крышей: скаты потолка держат открытые сосновые стропила, которым больше двухсот лет. Мансардное окно смотрит на черепичные крыши Старого города и шпили костёлов. Сюда поднимаются за тишиной и мягким утренним светом — комната небольшая, но из неё не хочется уходить.',
      en: 'A snug room right under the roof, where pine rafters more than two hundred years old carry the sloping ceiling. The dormer window looks over the tiled roofs of the Old Town and its church spires. Guests climb up here for the quiet and the soft morning light — the room is small, but hard to leave.',
    },
    roomSize: 22,
    primaryCapacity: 2,
    extraCapacity: 0,
    price: 210_00,
    extraPrice: null,
    conveniences: ['wifi', 'kettle', 'robes', 'rain-shower', 'hairdryer', 'heated-floor'],
    palette: {
      wall: ['#e6d7be', '#f2e9d9'],
      trim: '#fbf7ef',
      wood: '#b3834f',
      floor: '#c3935c',
      textile: '#fbf8f1',
      accent: '#cf9c2f',
    },
    attic: true,
    wallpaper: 'plain',
    view: 'roofs',
    images: [
      {
        motif: 'bed',
        alt: {
          ru: 'Кровать под сосновыми стропилами в Мансарде',
          en: 'The bed under the pine rafters of the Attic',
        },
      },
      {
        motif: 'window',
        alt: {
          ru: 'Мансардное окно с видом на крыши Старого города',
          en: 'The dormer window with a view over the Old Town roofs',
        },
      },
      {
        motif: 'desk',
        alt: {
          ru: 'Небольшой стол и лампа под скатом крыши',
          en: 'A small desk and lamp under the slope of the roof',
        },
      },
    ],
  },
  {
    slug: 'orzeszkowa',
    name: { ru: 'Комната Ожешко', en: 'The Orzeszkowa Room' },
    description: {
      ru: 'Элиза Ожешко прожила в Гродно больше сорока лет и написала здесь роман «Над Неманом». Комната обставлена в духе её времени: письменный стол у окна, бюро с перьевой ручкой, кресло с вышитой подушкой и акварели с видами города. Приглушённые лиловые стены и вишнёвое дерево делают её одной из самых романтичных комнат дома.',
      en: 'Eliza Orzeszkowa lived in Grodno for more than forty years and wrote her novel “On the Niemen” here. The room is furnished in the spirit of her time: a writing desk by the window, a bureau with a fountain pen, an armchair with an embroidered cushion and watercolours of the town. Muted lilac walls and cherry wood make it one of the most romantic rooms in the house.',
    },
    roomSize: 28,
    primaryCapacity: 2,
    extraCapacity: 0,
    price: 275_00,
    extraPrice: null,
    conveniences: ['wifi', 'air-conditioning', 'kettle', 'safe', 'robes', 'bathtub', 'desk', 'hairdryer', 'books'],
    palette: {
      wall: ['#8f7f9a', '#b5a8bd'],
      trim: '#f1eadc',
      wood: '#7b3f2e',
      floor: '#93603f',
      textile: '#f3ecdd',
      accent: '#7d8040',
    },
    wallpaper: 'stripes',
    view: 'roofs',
    images: [
      {
        motif: 'desk',
        alt: {
          ru: 'Письменный стол у окна и акварели с видами Гродно',
          en: 'The writing desk by the window and watercolours of Grodno',
        },
      },
      {
        motif: 'bed',
        alt: {
          ru: 'Кровать у лиловой стены в Комнате Ожешко',
          en: 'The bed against the lilac wall of the Orzeszkowa Room',
        },
      },
      {
        motif: 'bathroom',
        alt: {
          ru: 'Ванная комната с ванной и овальным зеркалом',
          en: 'The bathroom with a tub and an oval mirror',
        },
      },
    ],
  },
  {
    slug: 'courtyard',
    name: { ru: 'Дворик', en: 'The Courtyard Room' },
    description: {
      ru: 'Просторная комната на первом этаже с отдельным выходом в мощёный внутренний дворик, где летом цветут липа и мальвы. Здесь двуспальная кровать, отдельная кушетка и по запросу детская кроватка, поэтому комнату чаще всего выбирают семьи. Кирпичные своды и толстые стены конца XVIII века держат прохладу даже в июльскую жару.',
      en: 'A spacious ground-floor room with its own door to the cobbled courtyard, where the linden and hollyhocks bloom in summer. It has a double bed, a separate daybed and, on request, a baby cot, which is why families choose it most often. The brick vaults and thick 18th-century walls keep it cool even in the July heat.',
    },
    roomSize: 36,
    primaryCapacity: 3,
    extraCapacity: 1,
    price: 320_00,
    extraPrice: null,
    conveniences: ['wifi', 'air-conditioning', 'kettle', 'safe', 'robes', 'smart-tv', 'rain-shower', 'minibar', 'hairdryer', 'heated-floor'],
    palette: {
      wall: ['#9ea687', '#c2c8a7'],
      trim: '#f2ede0',
      wood: '#8a5a3b',
      floor: '#a8744a',
      textile: '#f5efe2',
      accent: '#a3482f',
    },
    wallpaper: 'brick',
    view: 'garden',
    images: [
      {
        motif: 'bed',
        alt: {
          ru: 'Двуспальная кровать и кушетка в комнате «Дворик»',
          en: 'The double bed and daybed of the Courtyard Room',
        },
      },
      {
        motif: 'window',
        alt: {
          ru: 'Дверь-окно во внутренний дворик с липой',
          en: 'The French window onto the courtyard and its linden tree',
        },
      },
      {
        motif: 'lounge',
        alt: {
          ru: 'Уголок с диваном под кирпичным сводом',
          en: 'A sofa corner under the brick vault',
        },
      },
    ],
  },
  {
    slug: 'study',
    name: { ru: 'Кабинет', en: 'The Study' },
    description: {
      ru: 'Небольшой номер для одного путешественника в бывшем кабинете хозяина дома. Тёмно-синие стены, дубовый письменный стол с зелёной лампой и удобная односпальная кровать — всё, что нужно в деловой поездке или для неспешных выходных наедине с собой. Окно выходит в тихий двор.',
      en: 'A small room for one traveller in what was once the study of the master of the house. Deep blue walls, an oak writing desk with a green banker’s lamp and a comfortable single bed — everything you need on a business trip or for an unhurried weekend on your own. The window faces the quiet courtyard.',
    },
    roomSize: 18,
    primaryCapacity: 1,
    extraCapacity: 0,
    price: 185_00,
    extraPrice: null,
    conveniences: ['wifi', 'air-conditioning', 'kettle', 'safe', 'smart-tv', 'rain-shower', 'desk', 'hairdryer'],
    palette: {
      wall: ['#283650', '#3b4b68'],
      trim: '#e7dfcc',
      wood: '#5b3520',
      floor: '#7d5133',
      textile: '#ece4d2',
      accent: '#c7a055',
    },
    wallpaper: 'damask',
    view: 'garden',
    images: [
      {
        motif: 'desk',
        alt: {
          ru: 'Дубовый письменный стол с зелёной лампой в Кабинете',
          en: 'The oak writing desk with a green banker’s lamp in the Study',
        },
      },
      {
        motif: 'bed',
        alt: {
          ru: 'Односпальная кровать у тёмно-синей стены',
          en: 'The single bed against the deep blue wall',
        },
      },
      {
        motif: 'bathroom',
        alt: {
          ru: 'Душевая с тропическим душем и белой плиткой',
          en: 'The shower room with a rain shower and white tiles',
        },
      },
    ],
  },
];

export const demoCategories: readonly DemoCategory[] = [
  { key: 'starters', title: { ru: 'Закуски', en: 'Starters' } },
  { key: 'soups', title: { ru: 'Супы', en: 'Soups' } },
  { key: 'potato', title: { ru: 'Драники и колдуны', en: 'Draniki and kalduny' } },
  { key: 'mains', title: { ru: 'Горячие блюда', en: 'Main courses' } },
  { key: 'desserts', title: { ru: 'Десерты', en: 'Desserts' } },
  { key: 'hot-drinks', title: { ru: 'Горячие напитки', en: 'Hot drinks' } },
  { key: 'cold-drinks', title: { ru: 'Холодные напитки', en: 'Cold drinks' } },
];

export const demoProducts: readonly DemoProduct[] = [
  // Starters
  {
    slug: 'salo',
    category: 'starters',
    name: { ru: 'Сало с чесноком и ржаным хлебом', en: 'Cured salo with garlic and rye bread' },
    description: {
      ru: 'Домашнее сало пряного посола, тонко нарезанное, с чесночным маслом, зелёным луком и тёплым ржаным хлебом.',
      en: 'Home-cured salo with spices, thinly sliced, served with garlic butter, spring onion and warm rye bread.',
    },
    price: 14_50,
    look: { motif: 'board', colors: ['#f3e6dc', '#d9a6a0', '#4f8a3c'] },
  },
  {
    slug: 'herring',
    category: 'starters',
    name: { ru: 'Сельдь с молодым картофелем', en: 'Herring with new potatoes' },
    description: {
      ru: 'Филе сельди слабой соли с красным луком, отварным картофелем, укропом и ароматным подсолнечным маслом.',
      en: 'Lightly salted herring fillet with red onion, boiled new potatoes, dill and fragrant sunflower oil.',
    },
    price: 16_00,
    look: { motif: 'fish', colors: ['#b9a7a0', '#e9d9a6', '#5d8f3a'] },
  },
  {
    slug: 'beetroot-salad',
    category: 'starters',
    name: { ru: 'Салат из печёной свёклы с козьим сыром', en: 'Roasted beetroot salad with goat’s cheese' },
    description: {
      ru: 'Свёкла, запечённая в соли, мягкий козий сыр, руккола, грецкие орехи и медовая заправка.',
      en: 'Salt-baked beetroot, soft goat’s cheese, rocket, walnuts and a honey dressing.',
    },
    price: 18_50,
    look: { motif: 'salad', colors: ['#8e2446', '#f5f0e6', '#5f9a3a'] },
  },
  {
    slug: 'liver-pate',
    category: 'starters',
    name: { ru: 'Паштет из куриной печени с брусникой', en: 'Chicken liver pâté with lingonberries' },
    description: {
      ru: 'Нежный паштет на сливочном масле с коньяком, брусничным соусом и хрустящими гренками.',
      en: 'A smooth butter pâté with a dash of brandy, lingonberry sauce and crisp toasts.',
    },
    price: 17_00,
    look: { motif: 'board', colors: ['#a8714f', '#c22f3a', '#e0b56e'] },
  },
  {
    slug: 'pickled-mushrooms',
    category: 'starters',
    name: { ru: 'Маринованные лесные грибы', en: 'Pickled forest mushrooms' },
    description: {
      ru: 'Опята и маслята по рецепту гродненских хозяек, с луком, сметаной и укропом.',
      en: 'Honey fungus and slippery jacks pickled the way Grodno cooks do it, with onion, sour cream and dill.',
    },
    price: 15_00,
    look: { motif: 'salad', colors: ['#9a6a3a', '#f4efe4', '#5d8f3a'] },
  },
  // Soups
  {
    slug: 'borscht',
    category: 'soups',
    name: { ru: 'Борщ с пампушками', en: 'Borscht with garlic pampushki' },
    description: {
      ru: 'Наваристый борщ на говяжьем бульоне со сметаной и тёплыми чесночными пампушками.',
      en: 'A rich beef-broth borscht with sour cream and warm garlic buns.',
    },
    price: 15_50,
    look: { motif: 'soup', colors: ['#a3202c', '#f6efe4', '#4f8a3c'] },
  },
  {
    slug: 'kholodnik',
    category: 'soups',
    name: { ru: 'Холодник', en: 'Kholodnik' },
    description: {
      ru: 'Холодный свекольный суп на кефире с огурцом, редисом, яйцом и укропом — главное блюдо белорусского лета.',
      en: 'A cold beetroot soup on kefir with cucumber, radish, egg and dill — the taste of a Belarusian summer.',
    },
    price: 13_50,
    look: { motif: 'soup', colors: ['#e07aa6', '#f7e9a8', '#6aa84f'] },
  },
  {
    slug: 'porcini-soup',
    category: 'soups',
    name: { ru: 'Суп из белых грибов', en: 'Porcini mushroom soup' },
    description: {
      ru: 'Сливочный суп из белых грибов, собранных в Гродненской пуще, с гренками из чёрного хлеба.',
      en: 'A creamy soup of porcini from the forests around Grodno, with black-bread croutons.',
    },
    price: 16_50,
    look: { motif: 'soup', colors: ['#c9a06b', '#8a5a2e', '#4f8a3c'] },
  },
  {
    slug: 'zhurek',
    category: 'soups',
    name: { ru: 'Журек в хлебе', en: 'Zhurek in a bread bowl' },
    description: {
      ru: 'Кисловатый суп на ржаной закваске с домашней колбасой и яйцом, подаётся в хлебной чаше.',
      en: 'A tangy sour-rye soup with homemade sausage and egg, served in a bread bowl.',
    },
    price: 17_50,
    look: { motif: 'bread-bowl', colors: ['#e8d8b8', '#a0522d', '#f6d55c'] },
  },
  {
    slug: 'chicken-broth',
    category: 'soups',
    name: { ru: 'Куриный бульон с домашней лапшой', en: 'Chicken broth with hand-cut noodles' },
    description: {
      ru: 'Прозрачный бульон из деревенской курицы с лапшой ручной нарезки, морковью и зеленью.',
      en: 'A clear broth of farm chicken with hand-cut noodles, carrot and fresh herbs.',
    },
    price: 12_00,
    look: { motif: 'soup', colors: ['#e8b54a', '#f3d98b', '#e07b2c'] },
  },
  // Draniki and kalduny
  {
    slug: 'draniki',
    category: 'potato',
    name: { ru: 'Драники со сметаной', en: 'Draniki with sour cream' },
    description: {
      ru: 'Хрустящие картофельные драники, жаренные на топлёном масле, со сметаной и шкварками.',
      en: 'Crisp potato pancakes fried in clarified butter, with sour cream and crackling.',
    },
    price: 14_00,
    look: { motif: 'pancakes', colors: ['#d99a3e', '#f6f0e2', '#4f8a3c'] },
  },
  {
    slug: 'draniki-salmon',
    category: 'potato',
    name: { ru: 'Драники с малосольным лососем', en: 'Draniki with cured salmon' },
    description: {
      ru: 'Три драника с лососем собственного посола, сливочным сыром и икрой мойвы.',
      en: 'Three potato pancakes with house-cured salmon, cream cheese and capelin roe.',
    },
    price: 24_00,
    look: { motif: 'pancakes', colors: ['#d4953b', '#f08a5d', '#4f8a3c'] },
  },
  {
    slug: 'kalduny',
    category: 'potato',
    name: { ru: 'Колдуны с мясом', en: 'Kalduny with pork filling' },
    description: {
      ru: 'Картофельные колдуны с сочной свиной начинкой, политые сметанным соусом с луком и шкварками.',
      en: 'Potato dumplings with a juicy pork filling, in a sour cream sauce with onion and crackling.',
    },
    price: 21_00,
    look: { motif: 'dumplings', colors: ['#e9c98a', '#f3ecdc', '#9b5a2a'] },
    options: [
      {
        name: { ru: 'Порция', en: 'Portion' },
        kind: 'one',
        options: [
          { name: { ru: '8 штук', en: '8 pieces' }, price: 0 },
          { name: { ru: '12 штук', en: '12 pieces' }, price: 9_50 },
        ],
      },
      {
        name: { ru: 'Добавить', en: 'Add' },
        kind: 'any',
        max: 2,
        options: [
          { name: { ru: 'Сметана', en: 'Sour cream' }, price: 1_50 },
          { name: { ru: 'Шкварки с луком', en: 'Crackling with onion' }, price: 3_00 },
        ],
      },
    ],
  },
  {
    slug: 'potato-babka',
    category: 'potato',
    name: { ru: 'Бабка картофельная', en: 'Potato babka' },
    description: {
      ru: 'Запечённая в чугунке тёртая картошка с копчёной грудинкой и луком, подаётся со сметаной.',
      en: 'Grated potato baked in a cast-iron pot with smoked bacon and onion, served with sour cream.',
    },
    price: 18_00,
    look: { motif: 'casserole', colors: ['#cf8f3c', '#f5ede0', '#4f8a3c'] },
  },
  {
    slug: 'mushroom-kalduny',
    category: 'potato',
    name: { ru: 'Колдуны с грибами', en: 'Kalduny with mushrooms' },
    description: {
      ru: 'Постные колдуны с лесными грибами и луком, с грибным соусом и свежим укропом.',
      en: 'Potato dumplings filled with forest mushrooms and onion, with a mushroom sauce and fresh dill.',
    },
    price: 19_50,
    look: { motif: 'dumplings', colors: ['#e4c07e', '#b5894f', '#4f8a3c'] },
  },
  // Main courses
  {
    slug: 'machanka',
    category: 'mains',
    name: { ru: 'Мачанка с блинами', en: 'Machanka with pancakes' },
    description: {
      ru: 'Томлёная свинина и домашняя колбаса в густом сметанном соусе; блины — чтобы макать, как положено.',
      en: 'Slow-cooked pork and homemade sausage in a thick sour cream gravy, with pancakes for dipping, as tradition demands.',
    },
    price: 27_50,
    look: { motif: 'stew', colors: ['#e8d3ad', '#8a4b2a', '#e2b36a'] },
  },
  {
    slug: 'pike-cutlets',
    category: 'mains',
    name: { ru: 'Котлеты из щуки', en: 'Pike cutlets' },
    description: {
      ru: 'Котлеты из неманской щуки с укропным маслом, картофельным пюре и маринованным огурцом.',
      en: 'Cutlets of Neman pike with dill butter, mashed potatoes and a pickled cucumber.',
    },
    price: 32_00,
    look: { motif: 'meat', colors: ['#c98d4a', '#f3e7c6', '#5f9a3a'] },
  },
  {
    slug: 'zander',
    category: 'mains',
    name: { ru: 'Филе судака с соусом бер-блан', en: 'Zander fillet with beurre blanc' },
    description: {
      ru: 'Судак на коже со сливочным соусом, спаржей и печёным молодым картофелем.',
      en: 'Crisp-skinned zander with a butter sauce, asparagus and roasted new potatoes.',
    },
    price: 46_00,
    look: { motif: 'fish', colors: ['#f0e2c8', '#d6a25a', '#6a9b3c'] },
  },
  {
    slug: 'duck-confit',
    category: 'mains',
    name: { ru: 'Утиная ножка конфи с печёными яблоками', en: 'Duck leg confit with baked apples' },
    description: {
      ru: 'Утиная ножка, томлённая в собственном жиру, с яблоками антоновкой, брусникой и тушёной капустой.',
      en: 'Duck leg slowly cooked in its own fat, with baked Antonovka apples, lingonberries and braised cabbage.',
    },
    price: 44_00,
    look: { motif: 'meat', colors: ['#9c5328', '#e9c46a', '#b3263a'] },
  },
  {
    slug: 'pork-knuckle',
    category: 'mains',
    name: { ru: 'Свиная рулька с квашеной капустой', en: 'Pork knuckle with sauerkraut' },
    description: {
      ru: 'Запечённая в пиве рулька с хрустящей корочкой, квашеной капустой, горчицей и хреном. На двоих.',
      en: 'A beer-roasted pork knuckle with crackling, sauerkraut, mustard and horseradish. For two.',
    },
    price: 52_00,
    look: { motif: 'meat', colors: ['#8e4a22', '#efe0a8', '#c7a23a'] },
  },
  {
    slug: 'beef-cheeks',
    category: 'mains',
    name: { ru: 'Говяжьи щёчки в вишнёвом соусе', en: 'Beef cheeks in cherry sauce' },
    description: {
      ru: 'Щёчки, томлённые восемь часов в красном вине, с вишнёвым соусом и пюре из пастернака.',
      en: 'Beef cheeks braised for eight hours in red wine, with a cherry sauce and parsnip purée.',
    },
    price: 58_00,
    look: { motif: 'meat', colors: ['#5e1f23', '#f1e6cf', '#8a2432'] },
  },
  {
    slug: 'zrazy',
    category: 'mains',
    name: { ru: 'Зразы с грибами', en: 'Beef zrazy with mushrooms' },
    description: {
      ru: 'Рулеты из говядины с начинкой из грибов и лука, с гречкой и соусом из белых грибов.',
      en: 'Beef rolls stuffed with mushrooms and onion, with buckwheat and a porcini sauce.',
    },
    price: 34_00,
    look: { motif: 'meat', colors: ['#7a3f22', '#8a6a4a', '#5f9a3a'] },
  },
  {
    slug: 'beef-tenderloin',
    category: 'mains',
    name: { ru: 'Стейк из говяжьей вырезки', en: 'Beef tenderloin steak' },
    description: {
      ru: 'Вырезка местной говядины, жаренная на углях, с печёными овощами и соусом из зелёного перца.',
      en: 'Local beef tenderloin grilled over charcoal, with roasted vegetables and a green peppercorn sauce.',
    },
    price: 89_00,
    look: { motif: 'meat', colors: ['#6e2f1c', '#e07b39', '#4f8a3c'] },
  },
  // Desserts
  {
    slug: 'syrniki',
    category: 'desserts',
    name: { ru: 'Сырники со сметаной и вареньем', en: 'Syrniki with sour cream and jam' },
    description: {
      ru: 'Пышные сырники из фермерского творога с домашним вишнёвым вареньем и сметаной.',
      en: 'Fluffy farmer’s cheese pancakes with homemade cherry jam and sour cream.',
    },
    price: 13_00,
    look: { motif: 'syrniki', colors: ['#e0a85a', '#f7f1e6', '#9e1b32'] },
  },
  {
    slug: 'apple-pie',
    category: 'desserts',
    name: { ru: 'Яблочный пирог с ванильным мороженым', en: 'Apple pie with vanilla ice cream' },
    description: {
      ru: 'Тёплый пирог с антоновкой и корицей под хрустящей крошкой, с шариком ванильного мороженого.',
      en: 'A warm Antonovka apple and cinnamon pie with a crumble top and a scoop of vanilla ice cream.',
    },
    price: 12_50,
    look: { motif: 'cake', colors: ['#d8a357', '#f4e7c5', '#f7f2e4'] },
  },
  {
    slug: 'medovik',
    category: 'desserts',
    name: { ru: 'Медовик', en: 'Medovik honey cake' },
    description: {
      ru: 'Двенадцать тонких медовых коржей со сметанным кремом — по бабушкиному рецепту.',
      en: 'Twelve thin honey layers with sour cream frosting, made to a grandmother’s recipe.',
    },
    price: 11_50,
    look: { motif: 'cake', colors: ['#c98a3a', '#f3e2bd', '#e9b949'] },
  },
  {
    slug: 'cranberry-mousse',
    category: 'desserts',
    name: { ru: 'Клюквенный мусс', en: 'Cranberry mousse' },
    description: {
      ru: 'Воздушный мусс из болотной клюквы с манкой и взбитыми сливками — лёгкий финал ужина.',
      en: 'An airy bog-cranberry mousse whipped with semolina and topped with cream — a light end to dinner.',
    },
    price: 10_00,
    look: { motif: 'dessert-glass', colors: ['#e7879b', '#f7f1ea', '#b3163a'] },
  },
  {
    slug: 'cherry-crepes',
    category: 'desserts',
    name: { ru: 'Блинчики с вишней', en: 'Crêpes with cherries' },
    description: {
      ru: 'Тонкие блинчики с тёплой вишней в сиропе и шариком пломбира.',
      en: 'Thin crêpes with warm cherries in syrup and a scoop of ice cream.',
    },
    price: 12_00,
    look: { motif: 'crepes', colors: ['#e6b566', '#8e1230', '#f7f2e4'] },
  },
  // Hot drinks
  {
    slug: 'cappuccino',
    category: 'hot-drinks',
    name: { ru: 'Капучино', en: 'Cappuccino' },
    description: {
      ru: 'Двойной эспрессо из зёрен нашей обжарки с молочной пеной.',
      en: 'A double espresso of our own roast with steamed milk foam.',
    },
    price: 7_00,
    look: { motif: 'cup', colors: ['#a86b3c', '#f3e4cf', '#5a3520'] },
    options: [
      {
        name: { ru: 'Объём', en: 'Size' },
        kind: 'one',
        options: [
          { name: { ru: '250 мл', en: '250 ml' }, price: 0 },
          { name: { ru: '350 мл', en: '350 ml' }, price: 2_00 },
        ],
      },
      {
        name: { ru: 'Добавить', en: 'Add' },
        kind: 'any',
        max: 2,
        options: [
          { name: { ru: 'Овсяное молоко', en: 'Oat milk' }, price: 1_50 },
          { name: { ru: 'Ванильный сироп', en: 'Vanilla syrup' }, price: 1_50 },
        ],
      },
    ],
  },
  {
    slug: 'ivan-tea',
    category: 'hot-drinks',
    name: { ru: 'Иван-чай с мёдом', en: 'Fireweed tea with honey' },
    description: {
      ru: 'Ферментированный иван-чай из Налибокской пущи, чайник на двоих, с липовым мёдом.',
      en: 'Fermented fireweed tea from the Naliboki forest, a pot for two, with linden honey.',
    },
    price: 9_00,
    look: { motif: 'tea', colors: ['#b4652a', '#e8b84a', '#c45a8c'] },
  },
  {
    slug: 'sbiten',
    category: 'hot-drinks',
    name: { ru: 'Сбитень', en: 'Sbiten' },
    description: {
      ru: 'Старинный согревающий напиток на мёде с гвоздикой, корицей, имбирём и зверобоем.',
      en: 'An old warming drink of honey with clove, cinnamon, ginger and St John’s wort.',
    },
    price: 8_00,
    look: { motif: 'tea', colors: ['#9b4a1c', '#d98b3a', '#7a3b1c'] },
  },
  {
    slug: 'hot-chocolate',
    category: 'hot-drinks',
    name: { ru: 'Горячий шоколад', en: 'Hot chocolate' },
    description: {
      ru: 'Густой шоколад из бельгийского какао с маршмеллоу и щепоткой корицы.',
      en: 'Thick hot chocolate of Belgian cocoa with marshmallows and a pinch of cinnamon.',
    },
    price: 9_50,
    look: { motif: 'cup', colors: ['#5a2e1a', '#f7ede4', '#3b1d10'] },
  },
  {
    slug: 'mulled-wine',
    category: 'hot-drinks',
    name: { ru: 'Безалкогольный глинтвейн', en: 'Alcohol-free mulled wine' },
    description: {
      ru: 'Горячий виноградный и вишнёвый сок со специями, апельсином и бадьяном.',
      en: 'Hot grape and cherry juice with spices, orange and star anise.',
    },
    price: 11_00,
    look: { motif: 'glass', colors: ['#7a1428', '#f0a33a', '#5a2a1a'] },
  },
  // Cold drinks
  {
    slug: 'kvass',
    category: 'cold-drinks',
    name: { ru: 'Домашний квас', en: 'House kvass' },
    description: {
      ru: 'Хлебный квас на ржаных сухарях с изюмом и мятой, собственного брожения.',
      en: 'Kvass brewed in-house from rye rusks with raisins and mint.',
    },
    price: 6_00,
    look: { motif: 'glass', colors: ['#7a4a1e', '#f2e4c4', '#5f9a3a'] },
  },
  {
    slug: 'cranberry-mors',
    category: 'cold-drinks',
    name: { ru: 'Клюквенный морс', en: 'Cranberry mors' },
    description: {
      ru: 'Освежающий морс из клюквы и брусники с мёдом.',
      en: 'A refreshing cranberry and lingonberry drink sweetened with honey.',
    },
    price: 6_50,
    look: { motif: 'glass', colors: ['#b3163a', '#f7eef0', '#5f9a3a'] },
  },
  {
    slug: 'birch-sap',
    category: 'cold-drinks',
    name: { ru: 'Берёзовый сок', en: 'Birch sap' },
    description: {
      ru: 'Весенний берёзовый сок с фермы под Гродно, с долькой лимона.',
      en: 'Spring birch sap from a farm near Grodno, with a slice of lemon.',
    },
    price: 6_00,
    look: { motif: 'glass', colors: ['#e6ecd8', '#f3e27a', '#7fb05a'] },
  },
  {
    slug: 'pear-thyme-lemonade',
    category: 'cold-drinks',
    name: { ru: 'Лимонад «Груша и чабрец»', en: 'Pear and thyme lemonade' },
    description: {
      ru: 'Домашний лимонад из груш и лимона с чабрецом и газированной водой.',
      en: 'Homemade lemonade of pear and lemon with thyme and sparkling water.',
    },
    price: 8_50,
    look: { motif: 'glass', colors: ['#dfe3a0', '#f3e27a', '#6a8f3a'] },
  },
  {
    slug: 'compote',
    category: 'cold-drinks',
    name: { ru: 'Компот из сухофруктов', en: 'Dried fruit compote' },
    description: {
      ru: 'Компот из сушёных яблок, груш и слив — такой варят в каждом белорусском доме.',
      en: 'A compote of dried apples, pears and plums, as made in every Belarusian home.',
    },
    price: 6_00,
    look: { motif: 'glass', colors: ['#b57a3a', '#f2e1b0', '#7a2a3a'] },
  },
];

/** An extra with the stay (decision 044): its picture is a line icon as the amenities'. */
export interface DemoExtra {
  key: string;
  name: LocalizedText;
  description: LocalizedText;
  /** Kopecks. */
  price: number;
  counts: 'per_stay' | 'per_night' | 'per_guest_night' | 'per_trip';
  icon: IconMotif;
}

export const demoExtras: readonly DemoExtra[] = [
  {
    key: 'breakfast',
    name: { ru: 'Завтрак', en: 'Breakfast' },
    description: { ru: 'Завтрак в ресторане с 7:30 до 10:30: выпечка, сырники, кофе.', en: 'Breakfast in the restaurant from 7:30 to 10:30: pastries, syrniki, coffee.' },
    price: 25_00,
    counts: 'per_guest_night',
    icon: 'breakfast',
  },
  {
    key: 'transfer',
    name: { ru: 'Трансфер', en: 'Transfer' },
    description: { ru: 'Встреча на вокзале или в аэропорту Гродно и дорога до отеля.', en: 'Pick-up at Grodno station or airport and the drive to the hotel.' },
    price: 60_00,
    counts: 'per_trip',
    icon: 'car',
  },
  {
    key: 'late-check-out',
    name: { ru: 'Поздний выезд', en: 'Late check-out' },
    description: { ru: 'Номер ваш до 18:00 в день выезда.', en: 'Keep the room until 18:00 on the day you leave.' },
    price: 40_00,
    counts: 'per_stay',
    icon: 'clock',
  },
  {
    key: 'parking',
    name: { ru: 'Парковка', en: 'Parking' },
    description: { ru: 'Место во дворе отеля, под камерой.', en: "A place in the hotel's courtyard, watched by a camera." },
    price: 10_00,
    counts: 'per_night',
    icon: 'parking',
  },
  {
    key: 'sparkling',
    name: { ru: 'Игристое в номере', en: 'Sparkling wine in the room' },
    description: { ru: 'Охлаждённая бутылка к вашему заезду.', en: 'A chilled bottle waiting when you arrive.' },
    price: 55_00,
    counts: 'per_stay',
    icon: 'bottle',
  },
];
