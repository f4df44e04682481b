import { z } from 'zod';
import { NAME_PATTERN, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS, phoneDigits } from './validation.ts';

/**
 * Field rules of the shipping address book, once, for the address forms (islands) and
 * `/profile/shipping-addresses` alike. Messages are Korean: both show them as they are.
 */

/** Addresses one member may keep in the book. */
export const ADDRESS_BOOK_MAX = 20;
export const ADDRESS_NAME_MAX = 20;
export const RECEIVER_NAME_MAX = 30;
const ADDRESS_MAX = 200;
export const DETAIL_ADDRESS_MAX = 100;

const phone = (what: string) =>
  z
    .string({ error: `${what}를 입력해 주세요.` })
    .trim()
    .min(1, { error: `${what}를 입력해 주세요.` })
    .regex(/^[\d\s-]+$/, { error: `${what}는 숫자만 입력해 주세요.` })
    .transform(phoneDigits)
    .refine((d) => d.length >= PHONE_MIN_DIGITS, {
      error: `${what}를 ${PHONE_MIN_DIGITS}자리 이상 입력해 주세요.`,
    })
    .refine((d) => d.length <= PHONE_MAX_DIGITS, { error: `${what}가 너무 깁니다.` });

const ReceiverName = z
  .string({ error: '받는 분 이름을 입력해 주세요.' })
  .trim()
  .min(1, { error: '받는 분 이름을 입력해 주세요.' })
  .max(RECEIVER_NAME_MAX, { error: `받는 분 이름은 ${RECEIVER_NAME_MAX}자 이내로 입력해 주세요.` })
  .regex(NAME_PATTERN, { error: '받는 분 이름은 한글 또는 영문으로 입력해 주세요.' });

const ReceiverContact1 = phone('연락처');

/** The second contact is optional: blank means none. */
const ReceiverContact2 = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  phone('추가 연락처').optional(),
);

const ZipCode = z
  .string({ error: '우편번호를 입력해 주세요.' })
  .trim()
  .regex(/^\d{5}$/, { error: '우편번호는 숫자 5자리로 입력해 주세요.' });

const RoadAddress = z
  .string({ error: '주소를 입력해 주세요.' })
  .trim()
  .min(1, { error: '주소를 입력해 주세요.' })
  .max(ADDRESS_MAX, { error: `주소는 ${ADDRESS_MAX}자 이내로 입력해 주세요.` });

/** `subject`: the field with its particle ("상세 주소는"). */
const optionalText = (max: number, subject: string) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .max(max, { error: `${subject} ${max}자 이내로 입력해 주세요.` })
      .optional(),
  );

const JibunAddress = optionalText(ADDRESS_MAX, '지번 주소는');
const DetailAddress = optionalText(DETAIL_ADDRESS_MAX, '상세 주소는');
const AddressName = optionalText(ADDRESS_NAME_MAX, '배송지 이름은');

/** The fields of an address, as the form and the API both check them. */
export const AddressFields = z.object({
  addressName: AddressName,
  receiverName: ReceiverName,
  receiverZipCd: ZipCode,
  receiverAddress: RoadAddress,
  receiverJibunAddress: JibunAddress,
  receiverDetailAddress: DetailAddress,
  receiverContact1: ReceiverContact1,
  receiverContact2: ReceiverContact2,
});
export type AddressFields = z.output<typeof AddressFields>;

/** The postcode step's result (manual entry now; the postcode widget later). */
export const PostcodeFields = z.object({
  receiverZipCd: ZipCode,
  receiverAddress: RoadAddress,
  receiverJibunAddress: JibunAddress,
});
