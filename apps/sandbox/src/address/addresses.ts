/** A small OneMap-like address book: real Singapore places, enough to try every path of the form. */
export interface Address {
  BLK_NO: string;
  ROAD_NAME: string;
  BUILDING: string;
  POSTAL: string;
  LATITUDE: string;
  LONGITUDE: string;
}

export const ADDRESSES: Address[] = [
  {
    BLK_NO: '10',
    ROAD_NAME: 'ANSON ROAD',
    BUILDING: 'INTERNATIONAL PLAZA',
    POSTAL: '079903',
    LATITUDE: '1.2761',
    LONGITUDE: '103.8459',
  },
  {
    BLK_NO: '1',
    ROAD_NAME: 'RAFFLES PLACE',
    BUILDING: 'ONE RAFFLES PLACE',
    POSTAL: '048616',
    LATITUDE: '1.2847',
    LONGITUDE: '103.8511',
  },
  {
    BLK_NO: '313',
    ROAD_NAME: 'ORCHARD ROAD',
    BUILDING: '313@SOMERSET',
    POSTAL: '238895',
    LATITUDE: '1.3013',
    LONGITUDE: '103.8384',
  },
  {
    BLK_NO: '2',
    ROAD_NAME: 'ORCHARD TURN',
    BUILDING: 'ION ORCHARD',
    POSTAL: '238801',
    LATITUDE: '1.3040',
    LONGITUDE: '103.8318',
  },
  {
    BLK_NO: '50',
    ROAD_NAME: 'JURONG GATEWAY ROAD',
    BUILDING: 'JEM',
    POSTAL: '608549',
    LATITUDE: '1.3332',
    LONGITUDE: '103.7436',
  },
  {
    BLK_NO: '1',
    ROAD_NAME: 'TAMPINES CENTRAL 5',
    BUILDING: 'CENTURY SQUARE',
    POSTAL: '529508',
    LATITUDE: '1.3524',
    LONGITUDE: '103.9437',
  },
  {
    BLK_NO: '101',
    ROAD_NAME: 'PUNGGOL FIELD',
    BUILDING: 'HDB PUNGGOL',
    POSTAL: '820101',
    LATITUDE: '1.3984',
    LONGITUDE: '103.9072',
  },
  {
    BLK_NO: '201',
    ROAD_NAME: 'TAMPINES STREET 21',
    BUILDING: 'HDB TAMPINES',
    POSTAL: '520201',
    LATITUDE: '1.3571',
    LONGITUDE: '103.9524',
  },
  {
    BLK_NO: '338',
    ROAD_NAME: 'ANG MO KIO AVENUE 1',
    BUILDING: 'HDB ANG MO KIO',
    POSTAL: '560338',
    LATITUDE: '1.3622',
    LONGITUDE: '103.8500',
  },
  {
    BLK_NO: '123',
    ROAD_NAME: 'BEDOK NORTH STREET 2',
    BUILDING: 'HDB BEDOK',
    POSTAL: '460123',
    LATITUDE: '1.3290',
    LONGITUDE: '103.9343',
  },
  {
    BLK_NO: '456',
    ROAD_NAME: 'CLEMENTI AVENUE 3',
    BUILDING: 'HDB CLEMENTI',
    POSTAL: '120456',
    LATITUDE: '1.3162',
    LONGITUDE: '103.7649',
  },
  {
    BLK_NO: '789',
    ROAD_NAME: 'WOODLANDS DRIVE 50',
    BUILDING: 'HDB WOODLANDS',
    POSTAL: '730789',
    LATITUDE: '1.4367',
    LONGITUDE: '103.7910',
  },
  {
    BLK_NO: '21',
    ROAD_NAME: 'CHOA CHU KANG AVENUE 4',
    BUILDING: 'LOT ONE SHOPPERS MALL',
    POSTAL: '689812',
    LATITUDE: '1.3851',
    LONGITUDE: '103.7447',
  },
  {
    BLK_NO: '23',
    ROAD_NAME: 'SERANGOON CENTRAL',
    BUILDING: 'NEX',
    POSTAL: '556083',
    LATITUDE: '1.3506',
    LONGITUDE: '103.8722',
  },
  {
    BLK_NO: '1',
    ROAD_NAME: 'HARBOURFRONT WALK',
    BUILDING: 'VIVOCITY',
    POSTAL: '098585',
    LATITUDE: '1.2644',
    LONGITUDE: '103.8222',
  },
  {
    BLK_NO: '8',
    ROAD_NAME: 'SENTOSA GATEWAY',
    BUILDING: 'RESORTS WORLD SENTOSA',
    POSTAL: '098269',
    LATITUDE: '1.2540',
    LONGITUDE: '103.8238',
  },
  {
    BLK_NO: '1',
    ROAD_NAME: 'SAKRA AVENUE',
    BUILDING: 'JURONG ISLAND CHECKPOINT',
    POSTAL: '627886',
    LATITUDE: '1.2660',
    LONGITUDE: '103.6990',
  },
  {
    BLK_NO: '10',
    ROAD_NAME: 'BAYFRONT AVENUE',
    BUILDING: 'MARINA BAY SANDS',
    POSTAL: '018956',
    LATITUDE: '1.2834',
    LONGITUDE: '103.8607',
  },
  {
    BLK_NO: '80',
    ROAD_NAME: 'AIRPORT BOULEVARD',
    BUILDING: 'CHANGI AIRPORT TERMINAL 1',
    POSTAL: '819642',
    LATITUDE: '1.3616',
    LONGITUDE: '103.9899',
  },
  {
    BLK_NO: '3',
    ROAD_NAME: 'TEMASEK BOULEVARD',
    BUILDING: 'SUNTEC CITY',
    POSTAL: '038983',
    LATITUDE: '1.2950',
    LONGITUDE: '103.8578',
  },
];

/**
 * Postal sectors couriers do not serve for home delivery: Sentosa (09 82xx) and Jurong Island (627),
 * both behind checkpoints.
 */
export const UNDELIVERABLE = (postal: string) => /^0982/.test(postal) || /^627/.test(postal);

export const fullAddress = (a: Address) =>
  `${a.BLK_NO} ${a.ROAD_NAME}${a.BUILDING && a.BUILDING !== 'NIL' ? ` ${a.BUILDING}` : ''} SINGAPORE ${a.POSTAL}`;
