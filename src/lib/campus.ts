// The visitor's campus choice: a cookie holding a campus id. No cookie means all campuses.
export const CAMPUS_COOKIE = 'campus';
