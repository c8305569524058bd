/** The pager under paged lists, in es-CO Spanish (loaded with the pages that page). */
export const pager = {
  label: (list: string) => `Páginas de ${list}`,
  previous: 'ANTERIOR',
  next: 'SIGUIENTE',
  where: (page: number, total: number) => `Página ${page} de ${total}`,
} as const
