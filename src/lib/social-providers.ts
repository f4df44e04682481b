/** The social-login providers' names as shoppers read them. */
export const SOCIAL_PROVIDER_LABELS = { naver: '네이버', kakao: '카카오' } as const;
