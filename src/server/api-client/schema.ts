import { z } from 'zod';
import {
  API_CLIENT_ORIGINS_MAX,
  CLIENT_ID_PATTERN,
  CLIENT_ID_RULE,
  isBareOrigin,
} from '../../lib/api-clients.ts';

/**
 * What the back office saves for a registered API client (/api/manager/api-clients), checked
 * field by field with Korean messages (src/lib/api-clients.ts has the rules).
 */

export const API_CLIENT_NAME_MAX = 40;

const ClientId = z
  .string({ error: 'clientId를 입력해 주세요.' })
  .trim()
  .min(1, { error: 'clientId를 입력해 주세요.' })
  .regex(CLIENT_ID_PATTERN, { error: `clientId는 ${CLIENT_ID_RULE} 쓸 수 있습니다.` });

const Name = z
  .string({ error: '이름을 글자로 입력해 주세요.' })
  .trim()
  .max(API_CLIENT_NAME_MAX, { error: `이름은 ${API_CLIENT_NAME_MAX}자까지 쓸 수 있습니다.` })
  .default('');

const Origins = z
  .array(
    z.string({ error: '출처를 글자로 입력해 주세요.' }).trim().refine(isBareOrigin, {
      error: '출처는 https://skin.example.com처럼 경로 없이 입력해 주세요.',
    }),
    { error: '허용할 출처 목록(origins)을 보내 주세요.' },
  )
  .min(1, { error: '허용할 출처를 하나 이상 입력해 주세요.' })
  .max(API_CLIENT_ORIGINS_MAX, { error: `출처는 ${API_CLIENT_ORIGINS_MAX}개까지 등록할 수 있습니다.` })
  .refine((list) => new Set(list).size === list.length, { error: '같은 출처를 두 번 입력했습니다.' });

export const ClientIdParam = z.object({
  clientId: z.string().regex(CLIENT_ID_PATTERN, { error: 'clientId를 확인해 주세요.' }),
});

export const ApiClientCreate = z.strictObject({ clientId: ClientId, name: Name, origins: Origins });
export type ApiClientCreate = z.infer<typeof ApiClientCreate>;

export const ApiClientPut = z.strictObject({
  version: z
    .number({ error: '버전(version)을 보내 주세요. 목록을 새로 불러온 뒤 다시 저장해 주세요.' })
    .int({ error: '버전(version)을 확인해 주세요.' })
    .positive({ error: '버전(version)을 확인해 주세요.' }),
  name: Name,
  origins: Origins,
  active: z.boolean({ error: '사용 여부(active)를 true 또는 false로 보내 주세요.' }),
});
export type ApiClientPut = z.infer<typeof ApiClientPut>;
