import { describe, expect, it } from 'vitest';
import { SupplierError, type HotelQuery } from '../types';
import { distanceKm } from '@server/reference/geo';
import { parseRoomOfferId, sandboxHotels, searchHotels } from './hotel';
import { hotelById } from './hotel-population';
import { hotelImageSvg } from './images';

const customer = { companyId: null, corporateCarriers: [], negotiatedChains: [] };
const PARIS = { lat: 48.8566, lon: 2.3522 };
const LYON_PART_DIEU = { lat: 45.7606, lon: 4.8593 };
const query = (over: Partial<HotelQuery> = {}): HotelQuery => ({
  ...PARIS,
  radiusKm: 10,
  checkin: '2026-11-23', // Monday
  checkout: '2026-11-25',
  rooms: 1,
  guests: 1,
  customer,
  lang: 'fr',
  now: new Date('2026-11-01T10:00:00Z'),
  ...over,
});
const offerCode = (id: string) => id.slice(id.lastIndexOf('_') + 1).replace(/-NEG$/, '');

describe('sandbox hotels: population', () => {
  it('answers the same hotels and offers to the same request', async () => {
    const supplier = sandboxHotels();
    const a = await supplier.hotels(query());
    const b = await supplier.hotels(query());
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it('keeps the same hotels (names, places) whatever the dates, with other prices', () => {
    const a = searchHotels(query());
    const b = searchHotels(query({ checkin: '2027-02-12', checkout: '2027-02-13' }));
    const byId = new Map(b.map((h) => [h.id, h]));
    const common = a.filter((h) => byId.has(h.id));
    // Only sold-out hotels may be missing on one date.
    expect(common.length).toBeGreaterThanOrEqual(Math.min(a.length, b.length) * 0.7);
    for (const h of common) {
      const other = byId.get(h.id)!;
      expect([other.name, other.address, other.lat, other.lon, other.stars]).toEqual([h.name, h.address, h.lat, h.lon, h.stars]);
    }
    const changed = common.filter(
      (h) => h.rooms[0]!.pricePerNight !== byId.get(h.id)!.rooms.find((o) => offerCode(o.id) === offerCode(h.rooms[0]!.id))?.pricePerNight,
    );
    expect(changed.length).toBeGreaterThan(common.length / 2);
  });

  it('returns hotels within the radius, nearest first, more of them in a big city', () => {
    const paris = searchHotels(query());
    // A metropolis: Paris has about 500 hotels within 10 km of its centre (the hotel search bench's world).
    expect(paris.length).toBeGreaterThanOrEqual(400);
    expect(paris.length).toBeLessThanOrEqual(600);
    paris.forEach((h, i) => {
      expect(h.distanceKm).toBeLessThanOrEqual(10);
      expect(Math.abs(h.distanceKm - distanceKm(PARIS, h))).toBeLessThan(0.01);
      if (i > 0) expect(h.distanceKm).toBeGreaterThanOrEqual(paris[i - 1]!.distanceKm);
    });
    const near = searchHotels(query({ radiusKm: 2 }));
    expect(near.length).toBeLessThan(paris.length);
    expect(near.every((h) => h.distanceKm <= 2)).toBe(true);
    const lyon = searchHotels(query({ ...LYON_PART_DIEU }));
    expect(lyon.length).toBeGreaterThan(0);
    expect(lyon.length).toBeLessThan(paris.length);
  });

  it('describes hotels like a real supplier: chain and stars, address with zip, phone, e-mail, reviews, images', () => {
    const hotels = [...searchHotels(query()), ...searchHotels(query({ ...LYON_PART_DIEU }))];
    for (const h of hotels) {
      expect(h.stars).toBeGreaterThanOrEqual(1);
      expect(h.stars).toBeLessThanOrEqual(5);
      expect(h.zip).toMatch(/^\d{5}$/);
      expect(h.phone).toMatch(/^\+33 [1-5]( \d\d){4}$/);
      expect(h.email).toMatch(/^[a-z0-9.-]+@[a-z0-9-]+\.example$/);
      expect(h.reviews.score).toBeGreaterThanOrEqual(6.5);
      expect(h.reviews.score).toBeLessThanOrEqual(9.5);
      expect(['TrustYou', 'Google']).toContain(h.reviews.source);
      expect(h.images.length).toBeGreaterThanOrEqual(1);
      expect(h.images.length).toBeLessThanOrEqual(4);
      h.images.forEach((src, i) => expect(src).toBe(`/media/sandbox/hotel/${h.id}/${i + 1}.svg`));
      expect(h.co2PerNight).toBe(6930);
      expect(h.description).toContain(h.name);
      expect(hotelById(h.id)?.name).toBe(h.name);
      if (h.chain) expect(h.name.toLowerCase()).toContain(h.chain.name.split(' ')[0]!.toLowerCase());
    }
    // Paris hotels have Paris arrondissement zips or the zip of a neighbouring commune.
    expect(hotels.some((h) => /^750(0[1-9]|1\d|20)$/.test(h.zip) && h.city === 'Paris')).toBe(true);
    // Brand stars are the brand's: no 5-star ibis, no 1-star Novotel.
    for (const h of hotels) {
      if (h.chain?.name === 'Novotel') expect(h.stars).toBe(4);
      if (h.chain?.name === 'ibis budget') expect(h.stars).toBeLessThanOrEqual(2);
      if (h.chain?.name === 'Sofitel') expect(h.stars).toBe(5);
    }
    // A station's hotels carry its name.
    expect(hotels.some((h) => /Gare Part-Dieu|Gare de Lyon/.test(h.name))).toBe(true);
  });

  it('writes in English when asked', () => {
    const [h] = searchHotels(query({ lang: 'en' }));
    expect(h!.description).not.toMatch(/chambres|propose/);
    expect(h!.rooms.every((o) => /Room|Suite|Studio|apartment/.test(o.name))).toBe(true);
    expect(h!.rooms.every((o) => /cancellation|refundable/i.test(o.cancelConditions))).toBe(true);
  });
});

describe('sandbox hotels: room offers', () => {
  const all = (q: HotelQuery) => searchHotels(q).flatMap((h) => h.rooms.map((o) => ({ h, o })));

  it('prices the stay: total = nights × nightly + tourist tax per person and night', () => {
    for (const guests of [1, 2]) {
      const nights = 2;
      for (const { h, o } of all(query({ guests }))) {
        expect(o.total).toBe(nights * o.pricePerNight + o.taxes);
        const perPersonNight = o.taxes / nights / Math.min(o.maxOccupancy, guests);
        expect(perPersonNight).toBeGreaterThanOrEqual(80);
        expect(perPersonNight).toBeLessThanOrEqual(400);
        expect(o.taxIncluded).toBe(true);
        expect(o.available).toBeGreaterThanOrEqual(1);
        expect(o.available).toBeLessThanOrEqual(9);
        expect(h.rooms.length).toBeLessThanOrEqual(5);
      }
    }
  });

  it('charges more, on average, for more stars', () => {
    const byStars = new Map<number, number[]>();
    for (const q of [query(), query({ ...LYON_PART_DIEU, radiusKm: 15 }), query({ checkin: '2027-03-09', checkout: '2027-03-10' })]) {
      for (const h of searchHotels(q)) byStars.set(h.stars, [...(byStars.get(h.stars) ?? []), Math.min(...h.rooms.map((o) => o.pricePerNight))]);
    }
    const means = [...byStars.entries()].sort(([a], [b]) => a - b).map(([, p]) => p.reduce((s, x) => s + x, 0) / p.length);
    expect(means.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < means.length; i++) expect(means[i]).toBeGreaterThan(means[i - 1]!);
  });

  it('is dearer on weeknights than on Saturday nights in a business city', () => {
    const mean = (q: HotelQuery) => {
      const prices = searchHotels(q).map((h) => Math.min(...h.rooms.map((o) => o.pricePerNight)));
      return prices.reduce((s, x) => s + x, 0) / prices.length;
    };
    const lyon = { ...LYON_PART_DIEU, radiusKm: 15 };
    expect(mean(query({ ...lyon, checkin: '2027-03-09', checkout: '2027-03-10' }))).toBeGreaterThan(
      mean(query({ ...lyon, checkin: '2027-03-13', checkout: '2027-03-14' })),
    );
  });

  it('sells a cancellable rate at least as dear as the non-refundable one of the same room, and says until when', () => {
    let pairs = 0;
    for (const h of searchHotels(query())) {
      for (const o of h.rooms.filter((x) => x.cancellable)) {
        expect(o.cancelConditions).toBe("Annulation gratuite jusqu'au 22/11/2026 18:00 (heure locale), puis 1 nuit facturée.");
        const strict = h.rooms.find((x) => !x.cancellable && x.name === o.name && x.board === o.board && x.maxOccupancy === o.maxOccupancy);
        if (!strict) continue;
        pairs++;
        expect(o.pricePerNight).toBeGreaterThan(strict.pricePerNight);
        expect(strict.cancelConditions).toMatch(/non remboursable/);
      }
    }
    expect(pairs).toBeGreaterThan(3);
  });

  it('gives negotiated rates (about −10 %) on the chains the company negotiated', () => {
    const plain = searchHotels(query());
    const nego = searchHotels(query({ customer: { ...customer, negotiatedChains: ['RT'] } }));
    const byId = new Map(nego.map((h) => [h.id, h]));
    let accor = 0;
    for (const h of plain) {
      const n = byId.get(h.id)!;
      for (const o of h.rooms) {
        const m = n.rooms.find((x) => offerCode(x.id) === offerCode(o.id))!;
        if (h.chain && ['ibis', 'ibis Styles', 'ibis budget', 'Novotel', 'Mercure', 'Pullman', 'Sofitel'].includes(h.chain.name)) {
          accor++;
          expect(m.negotiated).toBe(true);
          expect(m.pricePerNight / o.pricePerNight).toBeGreaterThan(0.88);
          expect(m.pricePerNight / o.pricePerNight).toBeLessThan(0.92);
        } else {
          expect(m).toEqual(o);
        }
      }
    }
    expect(accor).toBeGreaterThan(0);
  });

  it('gives room offer ids that the booking side can read back', () => {
    const [h] = searchHotels(query());
    const ref = parseRoomOfferId(h!.rooms[0]!.id)!;
    expect(ref).toMatchObject({ hotelId: h!.id, checkin: '2026-11-23', checkout: '2026-11-25', cancellable: h!.rooms[0]!.cancellable });
  });

  it('offers no free cancellation once its deadline has passed', () => {
    const late = searchHotels(query({ checkin: '2026-11-02', checkout: '2026-11-03', now: new Date('2026-11-01T18:30:00Z') }));
    expect(late.length).toBeGreaterThan(0);
    expect(late.flatMap((h) => h.rooms).every((o) => !o.cancellable)).toBe(true);
  });

  it('rejects impossible requests', () => {
    const bad: Partial<HotelQuery>[] = [
      { checkout: '2026-11-23' },
      { checkout: '2026-11-22' },
      { checkin: '2026-02-30' },
      { rooms: 0 },
      { rooms: 2, guests: 1 },
      { radiusKm: 0.5 },
      { radiusKm: 51 },
      { checkin: '2026-10-30', checkout: '2026-11-02' },
    ];
    for (const over of bad) {
      let error: unknown;
      try {
        searchHotels(query(over));
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(over)).toBeInstanceOf(SupplierError);
      expect((error as SupplierError).kind).toBe('invalid-request');
    }
  });

  it('rejects through the promise too', async () => {
    await expect(sandboxHotels().hotels(query({ rooms: 0 }))).rejects.toMatchObject({ kind: 'invalid-request' });
  });
});

describe('sandbox hotels: lookup by id', () => {
  it('finds a hotel of a city not searched yet, and nothing for an unknown id', () => {
    const [first] = searchHotels(query({ lat: 43.6045, lon: 1.444 })); // Toulouse
    expect(first).toBeDefined();
    expect(hotelById(first!.id)?.name).toBe(first!.name);
    expect(hotelById('h-strasbourg-001')?.id).toBe('h-strasbourg-001');
    expect(hotelById('h-nowhere-001')).toBeUndefined();
    expect(hotelById('paris-001')).toBeUndefined();
  });
});

describe('sandbox hotel images', () => {
  it('draws a small deterministic SVG per hotel picture, with the hotel’s stars on it', () => {
    const [h] = searchHotels(query());
    for (let n = 1; n <= 4; n++) {
      const svg = hotelImageSvg(h!.id, n);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      expect(svg.length).toBeLessThan(2048);
      expect(hotelImageSvg(h!.id, n)).toBe(svg);
      expect(svg.match(/<use href="#s"/g)).toHaveLength(h!.stars);
    }
    expect(hotelImageSvg(h!.id, 1)).not.toBe(hotelImageSvg(h!.id, 2));
    expect(() => hotelImageSvg(h!.id, 5)).toThrow(SupplierError);
  });
});
