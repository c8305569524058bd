/** The bottom bar's icons: paths for <Icon> (24x24, stroked). */
export const navIcons = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  management:
    'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM12 2.5v3M12 18.5v3M4.2 6.2l2.1 2.1M17.7 15.7l2.1 2.1M2.5 12h3M18.5 12h3M4.2 17.8l2.1-2.1M17.7 8.3l2.1-2.1',
  missions: 'M5 21V4M5 4h11l-2 4 2 4H5',
  market: 'M4 8h13l-3-3M20 16H7l3 3',
  battery:
    'M6 7h11a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zM18 10.5h2v3h-2M11.5 9l-2 3.5h3l-2 3.5',
} as const
