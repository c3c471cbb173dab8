// The cookie policy in Spanish (issue 8 §5), one document of legal.es.ts: the
// notes on placeholders and links at the top of that file hold here too.
import type { LegalDocument } from '#shared/contract/legal'

export const cookies: LegalDocument = {
  intro: [
    'Las cookies y tecnologías parecidas, como el almacenamiento local de tu navegador, guardan pequeños datos en tu dispositivo. Aquí están todas las que usa Calma, para qué sirven y cuánto duran.',
  ],
  sections: [
    {
      id: 'resumen',
      h: 'En pocas palabras',
      body: [
        'Solo usamos lo que Calma necesita para funcionar, salvo que aceptes algo más. Las etiquetas de medición y publicidad de Google y Meta solo se cargan después de que las aceptes, solo en nuestras páginas públicas de campaña (la página de inicio y las de campaña) y nunca en tus rutas, artículos, plan, citas o cuenta.',
      ],
    },
    {
      id: 'necesarias',
      h: 'Estrictamente necesarias (siempre activas)',
      body: [
        'Hacen que Calma funcione y sea segura. La ley no exige tu consentimiento para ellas (artículo 22.2 de la LSSI-CE), pero queremos que las conozcas.',
        {
          table: {
            head: ['Nombre', 'Tipo', 'Para qué', 'Duración'],
            rows: [
              [
                'calma_session',
                'Cookie (propia)',
                'Mantiene tu sesión iniciada. Los scripts no pueden leerla.',
                'Hasta que cierras el navegador, o 30 días con «mantener la sesión iniciada»',
              ],
              [
                '__Host-calma_viewer',
                'Cookie (propia)',
                'Indica a qué sesión pertenecen las copias guardadas en este dispositivo para usar sin conexión (páginas y unidades descargadas), para que no se muestren a nadie más. Un código que no dice nada de ti ni abre nada.',
                'Lo mismo que calma_session',
              ],
              ['tz', 'Cookie (propia)', 'Tu zona horaria, para mostrar fechas y horas en tu hora local.', '1 año'],
              [
                'calma_oauth',
                'Cookie (propia)',
                'Protege tu inicio de sesión con Google o Apple mientras vas y vuelves.',
                '10 minutos',
              ],
              [
                'calma_consent',
                'Almacenamiento local (propio)',
                'Recuerda tu elección de cookies.',
                'Hasta que la cambias o borras los datos del navegador',
              ],
              [
                'user',
                'Almacenamiento local (propio)',
                'Tu nombre, correo, idioma y si tienes suscripción, para que las páginas los muestren al momento. Nunca tu contraseña ni tu sesión.',
                'Hasta que cierras sesión',
              ],
              ['locale', 'Almacenamiento local (propio)', 'Tu idioma.', 'Hasta que cierras sesión'],
              [
                'language_notification',
                'Almacenamiento local (propio)',
                'Recuerda que ya te avisamos de un cambio de idioma.',
                'Hasta que cierras sesión',
              ],
              [
                '__cf_bm y la verificación Turnstile',
                'Cookie y verificación de Cloudflare',
                'Distinguen personas de bots y protegen nuestros formularios del abuso.',
                'Hasta 30 minutos',
              ],
            ],
          },
        },
      ],
    },
    {
      id: 'propias',
      h: 'Tus lecturas y tus visitas (solo nuestras)',
      body: [
        'Se quedan en tu navegador o en nuestros propios servidores. Nunca se envían a empresas de publicidad ni de analítica.',
        {
          table: {
            head: ['Nombre', 'Tipo', 'Para qué', 'Duración'],
            rows: [
              [
                'session_id',
                'Almacenamiento local (propio)',
                'Identifica tu visita para contar visitas y saber qué campaña te trajo, en nuestros propios servidores.',
                'Hasta que cierras sesión',
              ],
              [
                'articles_read',
                'Almacenamiento local (propio)',
                'Los artículos que has terminado, para marcarlos como leídos. Se queda en tu dispositivo.',
                'Hasta que cierras sesión',
              ],
              [
                'agency',
                'Almacenamiento local (propio)',
                'El socio de campaña que te trajo, para mostrar sus páginas como acordamos con él.',
                'Hasta que borras los datos del navegador',
              ],
              [
                'visited_at',
                'Almacenamiento local (propio)',
                'Cuándo llegaste por primera vez desde ese socio (sus páginas se ven distintas durante 24 horas).',
                'Hasta que borras los datos del navegador',
              ],
            ],
          },
        },
      ],
    },
    {
      id: 'opcionales',
      h: 'Medición y publicidad (solo si aceptas)',
      body: [
        'Si las aceptas en Configurar cookies, estas etiquetas se cargan solo en nuestra página de inicio y en las de campaña. Reciben la dirección de la página sin sus parámetros (sin búsquedas ni datos de campaña) y nunca nada sobre tu salud, tus rutas o tus citas.',
        {
          table: {
            head: ['Nombre', 'Tipo', 'Para qué', 'Duración'],
            rows: [
              [
                '_ga, _ga_*',
                'Cookies de Google Analytics (Google Ireland Ltd.)',
                'Cuentan las visitas a nuestras páginas públicas. Las señales de Google y la personalización de anuncios están desactivadas.',
                'Hasta 2 años',
              ],
              [
                '_gcl_au',
                'Cookie de Google Ads (Google Ireland Ltd.)',
                'Avisa a Google de que alguien que llegó desde un anuncio se registró (solo en la página de agradecimiento de la campaña).',
                '90 días',
              ],
              [
                '_fbp',
                'Cookie del Píxel de Meta (Meta Platforms Ireland Ltd.)',
                'Avisa a Meta de que alguien que llegó desde un anuncio se registró (solo en la página de agradecimiento de la campaña).',
                '90 días',
              ],
            ],
          },
        },
        'Google y Meta pueden tratar estos datos fuera del EEE: mira las [transferencias internacionales](/privacy#transferencias).',
      ],
    },
    {
      id: 'eleccion',
      h: 'Cómo cambiar tu elección',
      body: [
        'Usa «Configurar cookies» al final de nuestras páginas públicas, o el botón de esta página, para aceptar o rechazar la medición y la publicidad cuando quieras. Rechazar es tan fácil como aceptar, y Calma funciona igual en los dos casos.',
        'Si las rechazas después de haberlas aceptado, las etiquetas dejan de cargarse. Para borrar las cookies que ya pusieron, bórralas en los ajustes de tu navegador. También puedes bloquear todas las cookies en tu navegador, pero entonces no podrás mantener tu sesión iniciada.',
      ],
    },
    {
      id: 'mas',
      h: 'Más información',
      body: [
        'Nuestra [política de privacidad](/privacy) explica cómo usamos tus datos y cómo ejercer tus derechos. Dudas: [privacy@calma.app](mailto:privacy@calma.app).',
      ],
    },
  ],
}
