/** The answer-status filter of the manager's question lists (1:1 inquiries, product questions). */

export const ANSWER_FILTERS = [
  { value: 'ASKED', label: '답변 대기' },
  { value: 'ANSWERED', label: '답변 완료' },
  { value: 'all', label: '전체' },
] as const;

export type AnswerFilter = (typeof ANSWER_FILTERS)[number]['value'];

/** `?status=`: the questions waiting for an answer unless another filter is asked for. */
export function answerFilterOf(url: URL): AnswerFilter {
  return ANSWER_FILTERS.find((f) => f.value === url.searchParams.get('status'))?.value ?? 'ASKED';
}

/** The query of a list with this filter (the default one is left out of the address). */
export const answerFilterParams = (status: AnswerFilter) => ({
  status: status === 'ASKED' ? undefined : status,
});
