// What a new user met while listening (issue 42 §1, §4, §10; docs/decisions/064-*.md), in
// English and Spanish: a post's media that cannot play, how much of a route was downloaded,
// the Downloads screen's player, and the offline frame.

export const en = {
  listening: {
    post_audio_unavailable: 'This audio cannot be played right now. You can still read the article below.',
    post_video_unavailable: 'This video cannot be played right now. You can still read the article below.',
    route_kept:
      'Downloaded: {{n}} of {{total}} units, which play without internet. The rest download as they unlock, when you open this route with a connection.',
    route_kept_one:
      'Downloaded: 1 of {{total}} units, which plays without internet. The rest download as they unlock, when you open this route with a connection.',
    play_download: 'Play “{{title}}”',
    playing_download: 'Playing',
  },
}

export const es: typeof en = {
  listening: {
    post_audio_unavailable: 'Ahora no se puede reproducir este audio. Puedes leer el artículo aquí debajo.',
    post_video_unavailable: 'Ahora no se puede reproducir este vídeo. Puedes leer el artículo aquí debajo.',
    route_kept:
      'Descargado: {{n}} de {{total}} unidades, que suenan sin internet. Las demás se descargan a medida que se desbloqueen, cuando abras esta ruta con conexión.',
    route_kept_one:
      'Descargado: 1 de {{total}} unidades, que suena sin internet. Las demás se descargan a medida que se desbloqueen, cuando abras esta ruta con conexión.',
    play_download: 'Reproducir «{{title}}»',
    playing_download: 'Sonando',
  },
}
