import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids.ts';
import { storeReencodedImage } from '../lib/images.ts';
import { DOCUMENT_TYPES, nameForType } from '../lib/uploads.ts';
import { recordAdminAction } from '../modules/audit/index.ts';
import { insertKycDocuments, insertKycMessage, insertKycRecord } from '../modules/kyc/index.ts';
import { PEOPLE } from './users.seed-data.ts';
import { at, DAY, HOUR } from './bookings.seed-data.ts';
import type { Seeder } from './index.ts';

type DemoDoc = { name: string; kind: 'jpeg' | 'png' | 'pdf' };
type DemoKyc = {
  key: string;
  status: 'PENDING' | 'Verified' | 'Rejected';
  text: string;
  docs: DemoDoc[];
  reason?: string;
  /** [from the user?, text, hours after submission] */
  talk?: [boolean, string, number][];
  daysAgo: number;
};

/** The two people without KYC carry the open cases; everyone verified has a Verified record. */
const CASES: DemoKyc[] = [
  {
    key: 'priya',
    status: 'PENDING',
    text: 'Passport photo page and a utility bill for my new Portland address.',
    docs: [
      { name: 'passport.jpg', kind: 'jpeg' },
      { name: 'utility-bill.pdf', kind: 'pdf' },
    ],
    talk: [[true, 'I just moved, so the bill is only a month old. Is that fine?', 2]],
    daysAgo: 1,
  },
  {
    key: 'ethan',
    status: 'Rejected',
    text: "Driver's licence, front and back.",
    docs: [
      { name: 'licence-front.png', kind: 'png' },
      { name: 'licence-back.png', kind: 'png' },
    ],
    reason:
      'The licence photo is too blurry to read the expiry date. Please upload a sharper scan.',
    talk: [
      [
        false,
        'Thanks Ethan. The expiry date is unreadable; could you retake the photo in daylight?',
        20,
      ],
      [true, 'Sure, I will upload a new one this weekend.', 26],
    ],
    daysAgo: 4,
  },
  ...PEOPLE.filter((p) => p.kyc).map((p, i): DemoKyc => ({
    key: p.key,
    status: 'Verified',
    text: 'ID card and proof of address.',
    docs: [
      { name: 'id-card.jpg', kind: 'jpeg' },
      { name: 'proof-of-address.pdf', kind: 'pdf' },
    ],
    daysAgo: 30 + i * 3,
  })),
];

/** A one-page PDF that says what it is; offsets in the xref table are computed, not guessed. */
function demoPdf(title: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Writes one demo document the way an upload ends up: images through the re-encoder, PDFs as is. */
async function storeDoc(app: FastifyInstance, doc: DemoDoc, label: string) {
  const store = app.storage;
  const ext = doc.kind === 'jpeg' ? 'jpg' : doc.kind;
  const storedName = `${randomBytes(16).toString('hex')}.${ext}`;
  if (doc.kind === 'pdf') {
    const data = demoPdf(label);
    await store.put(storedName, data, 'application/pdf');
    return { name: storedName, mime: 'application/pdf', size: data.length, originalName: doc.name };
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300"><rect width="480" height="300" rx="16" fill="#f6f3ee"/><rect x="24" y="60" width="120" height="150" fill="#c9bfb2"/><text x="170" y="110" font-size="26" font-family="sans-serif" fill="#2d2a26">${label.replace(/[<&>]/g, '')}</text><text x="170" y="150" font-size="18" font-family="sans-serif" fill="#8a837a">DEMO DOCUMENT</text></svg>`;
  const image = sharp(Buffer.from(svg));
  const data = await (doc.kind === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
  const mime = doc.kind === 'jpeg' ? 'image/jpeg' : 'image/png';
  await store.put(storedName, data, mime);
  const file = { field: 'documents', storedName, mime, size: data.length, originalName: doc.name };
  const { name, size } = await storeReencodedImage(store, file, DOCUMENT_TYPES, 2400);
  return {
    name,
    mime: 'image/webp',
    size,
    originalName: nameForType(doc.name, 'image/webp', 'document'),
  };
}

export const kycSeeder: Seeder = {
  name: 'kyc',
  run: async (app, ctx) => {
    const adminId = ctx.users.admin;
    for (const demo of CASES) {
      const userId = ctx.users[demo.key];
      if (!userId) continue;
      const person = PEOPLE.find((p) => p.key === demo.key)!;
      const created = at(-demo.daysAgo * DAY);
      const decided = demo.status !== 'PENDING';
      const id = newId();
      await insertKycRecord(app.db, {
        id,
        user_id: userId,
        status: demo.status,
        text: demo.text,
        rejection_reason: demo.reason ?? null,
        reviewed_by: decided ? (adminId ?? null) : null,
        created_at: created,
        updated_at: decided ? at(-demo.daysAgo * DAY + 18 * HOUR) : created,
      });
      if (decided && adminId) {
        await recordAdminAction(app.db, {
          actorId: adminId,
          action: 'kyc.decision',
          targetType: 'kyc',
          targetId: id,
          subjectUserId: userId,
          before: { status: 'PENDING', rejectionReason: null },
          after: { status: demo.status, rejectionReason: demo.reason ?? null },
          at: at(-demo.daysAgo * DAY + 18 * HOUR),
        });
      }
      const label = `${person.firstName} ${person.lastName}`;
      const docs = await Promise.all(demo.docs.map((d) => storeDoc(app, d, label)));
      await insertKycDocuments(
        app.db,
        docs.map((d) => ({
          id: newId(),
          kyc_id: id,
          stored_name: d.name,
          mime: d.mime,
          size: d.size,
          original_name: d.originalName,
          created_at: created,
        })),
      );
      for (const [fromUser, text, hours] of demo.talk ?? []) {
        const sender = fromUser ? userId : adminId;
        if (!sender) continue;
        const sentAt = at(-demo.daysAgo * DAY + hours * HOUR);
        await insertKycMessage(app.db, {
          id: newId(),
          kyc_id: id,
          sender_id: sender,
          text,
          sent_at: sentAt,
        });
      }
    }
  },
};
