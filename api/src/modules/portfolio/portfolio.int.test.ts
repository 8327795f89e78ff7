import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PortfolioImage } from '@barberly/common';
import S3rver from 's3rver';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import { bearer } from '../shops/shops.test-helper';

/**
 * Issue 26 item 3: portfolio uploads through the api, stored on the local disk (STORAGE_URL unset) and in S3
 * (s3rver, which checks request signatures as S3 does). Each image is decoded and written again without its EXIF.
 */

/** A 1600×1200 JPEG carrying GPS EXIF (where it was taken), as a phone writes it. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 90, b: 40 } } })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 44/1 5481/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '73/1 59/1 1/1',
      },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const smallPng = (n: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: n % 255, g: 10, b: 200 } } })
    .png()
    .toBuffer();

for (const where of ['disk', 's3'] as const) {
  describe(`portfolio uploads (${where})`, () => {
    let db: TestDatabase;
    let app: BookingTestApp;
    let owner: TestUser;
    let dir: string;
    let s3: S3rver | undefined;
    let storageUrl = '';

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portfolio-'));
      if (where === 's3') {
        const s3dir = path.join(dir, 's3');
        fs.mkdirSync(s3dir);
        let address: AddressInfo | undefined;
        for (let attempt = 0; !address; attempt++) {
          s3 = new S3rver({
            address: '127.0.0.1',
            port: 20000 + Math.floor(Math.random() * 12000),
            directory: s3dir,
            silent: true,
          });
          address = await s3.run().catch((err: NodeJS.ErrnoException) => {
            if (err.code !== 'EADDRINUSE' || attempt > 20) throw err;
            return undefined;
          });
        }
        // No bucket yet: the first upload makes it.
        storageUrl = `s3://S3RVER:S3RVER@barberly-media/shops?endpoint=http://127.0.0.1:${address.port}`;
      }
      db = await createTestDatabase();
      app = await createBookingTestApp(db, {
        configOverrides: { UPLOADS_DIR: path.join(dir, 'uploads'), STORAGE_URL: storageUrl },
      });
      owner = await signUpTestUser(app);
    });
    afterAll(async () => {
      await app?.close();
      await db?.drop();
      await s3?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    async function joinedBarber(): Promise<{ shop: TestShop; token: string; barberId: string }> {
      const shop = await setUpShop(app, owner.accessToken, { barbers: ['Alex'] });
      const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
      const user = await signUpTestUser(app);
      const joined = await request(app)
        .post('/api/barbers/join')
        .set(bearer(user.accessToken))
        .send({ code, name: 'Tony' });
      return { shop, token: user.accessToken, barberId: joined.body.barber.id };
    }

    const upload = (token: string, body: Buffer, filename = 'photo.jpg') =>
      request(app).post('/api/my/portfolio').set(bearer(token)).attach('image', body, filename);

    const storedFiles = () =>
      where === 'disk'
        ? fs.existsSync(path.join(dir, 'uploads'))
          ? fs
              .readdirSync(path.join(dir, 'uploads'), { recursive: true })
              .filter((f) => /\.(webp|avif)$/.test(String(f)))
          : []
        : fs.readdirSync(path.join(dir, 's3'), { recursive: true }).filter((f) => /\.(webp|avif)/.test(String(f)));

    it('stores a JPEG in three sizes as WebP and AVIF, without its EXIF and GPS, and the shop page lists it', async () => {
      const { shop, token, barberId } = await joinedBarber();
      const original = await jpegWithGps();
      expect((await sharp(original).metadata()).exif).toBeDefined();

      const res = await upload(token, original);
      expect(res.status).toBe(201);
      const image = res.body as PortfolioImage;
      expect(Object.keys(image.urls.webp)).toEqual(['320', '640', '1280']);
      expect(Object.keys(image.urls.avif)).toEqual(['320', '640', '1280']);

      for (const [format, width] of [
        ['webp', '640'],
        ['avif', '1280'],
        ['webp', '320'],
      ] as const) {
        const file = await request(app)
          .get(image.urls[format][width]!)
          .buffer(true)
          .parse((r, done) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => done(null, Buffer.concat(chunks)));
          });
        expect(file.status).toBe(200);
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(file.headers['content-type']).toBe(`image/${format}`);
        const meta = await sharp(file.body as Buffer).metadata();
        expect(meta.format).toBe(format === 'webp' ? 'webp' : 'heif');
        expect(meta.width).toBe(Number(width));
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        // No trace of the camera or the coordinates in the bytes either.
        expect((file.body as Buffer).includes(Buffer.from('PhoneCo'))).toBe(false);
      }

      const listed = await request(app).get(`/api/shops/${shop.slug}/barbers/${barberId}/portfolio`);
      expect(listed.status).toBe(200);
      expect(listed.body.map((i: PortfolioImage) => i.id)).toEqual([image.id]);
    });

    it("sets the barber's own photo from an upload, without its EXIF", async () => {
      const { shop, token, barberId } = await joinedBarber();
      const res = await request(app)
        .post('/api/my/photo')
        .set(bearer(token))
        .attach('image', await jpegWithGps(), 'me.jpg');
      expect(res.status).toBe(200);
      expect(res.body.profileImageUrl).toMatch(/^https?:\/\/[^/]+\/api\/uploads\/photo\/.+-640\.webp$/);
      const file = await request(app).get(new URL(res.body.profileImageUrl).pathname);
      expect(file.status).toBe(200);
      expect((await sharp(file.body as Buffer).metadata()).exif).toBeUndefined();
      const page = await request(app).get(`/api/shops/${shop.slug}/barbers`);
      expect(page.body.find((b: { id: string }) => b.id === barberId).profileImageUrl).toBe(res.body.profileImageUrl);
    });

    it('refuses a text file renamed .jpg in words and stores nothing', async () => {
      const { token } = await joinedBarber();
      const before = storedFiles().length;
      const res = await upload(token, Buffer.from('hello, this is not a photo\n'.repeat(50)), 'holiday.jpg');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        'That file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF photo.',
      );
      expect(storedFiles().length).toBe(before);
      expect((await request(app).get('/api/my/portfolio').set(bearer(token))).body).toEqual([]);
    });

    it('refuses 11 MB with 413 in words', async () => {
      const { token } = await joinedBarber();
      const res = await upload(token, Buffer.alloc(11 * 1024 * 1024, 7), 'big.jpg');
      expect(res.status).toBe(413);
      expect(res.body.error.message).toBe('That photo is larger than 10 MB. Upload a smaller one.');
    });

    it('holds 30 per barber, and orders, captions, hides and deletes them', async () => {
      const { shop, token, barberId } = await joinedBarber();
      const ids: string[] = [];
      for (let n = 0; n < 30; n++) {
        const res = await upload(token, await smallPng(n), `p${n}.png`);
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
      const full = await upload(token, await smallPng(99), 'p99.png');
      expect(full.status).toBe(409);
      expect(full.body.error.message).toBe(
        'You have 30 photos, the most a portfolio holds. Delete one to add another.',
      );

      const moved = await request(app)
        .patch(`/api/my/portfolio/${ids[29]}`)
        .set(bearer(token))
        .send({ position: 0, caption: 'Skin fade, <b>fresh</b>' });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ position: 0, caption: 'Skin fade, <b>fresh</b>' });
      const order = (await request(app).get(`/api/shops/${shop.slug}/barbers/${barberId}/portfolio`)).body.map(
        (i: PortfolioImage) => i.id,
      );
      expect(order.slice(0, 2)).toEqual([ids[29], ids[0]]);

      // Barbers cannot hide; the owner can, and the public list leaves the image out.
      expect(
        (await request(app).patch(`/api/my/portfolio/${ids[1]}`).set(bearer(token)).send({ hidden: true })).status,
      ).toBe(400);
      const hidden = await request(app)
        .patch(`/api/shops/${shop.id}/portfolio/${ids[1]}`)
        .set(bearer(owner.accessToken))
        .send({ hidden: true });
      expect(hidden.status).toBe(200);
      const visible = (await request(app).get(`/api/shops/${shop.slug}/barbers/${barberId}/portfolio`)).body;
      expect(visible.map((i: PortfolioImage) => i.id)).not.toContain(ids[1]);
      expect(visible).toHaveLength(29);

      const gone = await request(app).delete(`/api/my/portfolio/${ids[2]}`).set(bearer(token));
      expect(gone.status).toBe(204);
      const file = (visible as PortfolioImage[]).find((i) => i.id === ids[2])!.urls.webp['320']!;
      expect((await request(app).get(file)).status).toBe(404);
      expect((await upload(token, await smallPng(100), 'again.png')).status).toBe(201);

      // Another barber cannot touch them.
      const other = await joinedBarber();
      expect((await request(app).delete(`/api/my/portfolio/${ids[3]}`).set(bearer(other.token))).status).toBe(404);
    });
  });
}
