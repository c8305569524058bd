/** The bottom bar's icons: paths for <Icon> (24x24, stroked). */
export const navIcons = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  management:
    'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM12 2.5v3M12 18.5v3M4.2 6.2l2.1 2.1M17.7 15.7l2.1 2.1M2.5 12h3M18.5 12h3M4.2 17.8l2.1-2.1M17.7 8.3l2.1-2.1',
  missions: 'M5 21V4M5 4h11l-2 4 2 4H5',
  market: 'M4 8h13l-3-3M20 16H7l3 3',
  play: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM10 8.5v7l5.5-3.5z',
  videos: 'M3.5 6.5h12v11h-12zM15.5 10.5l5-3v9l-5-3',
  playlists: 'M4 6h11M4 11h11M4 16h7M15 14.5v5l4.5-2.5z',
  voltaCharge: 'M13.5 2.5 5 13.5h6l-1.5 8 8.5-11h-6z',
  battery:
    'M6 7h11a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zM18 10.5h2v3h-2M11.5 9l-2 3.5h3l-2 3.5',
} as const
