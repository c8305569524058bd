/** The bottom bar's icons: paths for <Icon> (24x24, stroked). */
export const navIcons = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  management:
    'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM12 2.5v3M12 18.5v3M4.2 6.2l2.1 2.1M17.7 15.7l2.1 2.1M2.5 12h3M18.5 12h3M4.2 17.8l2.1-2.1M17.7 8.3l2.1-2.1',
  missions: 'M5 21V4M5 4h11l-2 4 2 4H5',
  market: 'M4 8h13l-3-3M20 16H7l3 3',
  shop: 'M4 9h16l-1.5 11h-13zM8.5 9V7a3.5 3.5 0 0 1 7 0v2',
  trainings: 'M2 6l10-4 10 4-10 4zM6 8v6c0 1.7 2.7 3 6 3s6-1.3 6-3V8M22 6v6',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  lottery: 'M3 8a2 2 0 0 0 0 4v4h18v-4a2 2 0 0 1 0-4V4H3zM14 4v16',
  finance: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
} as const
