// Los textos legales en español (issue 8 §5). Los datos de la empresa son de ejemplo para la demo:
// sustituye cada "(ejemplo)" y "(demo)" antes de producción, y que un abogado lo revise entero.
// Enlaces: `[texto](/ruta#ancla)` para una página de este sitio (sin /en), y también mailto: y https:.
import type { LegalDocument, LegalKind } from '#shared/contract/legal'

const privacy: LegalDocument = {
  intro: [
    'Esta política explica, con palabras sencillas, qué hacemos con tu información cuando usas Calma. Como Calma trata de cómo te sientes, parte de esa información son datos de salud, y la cuidamos de forma especial.',
  ],
  sections: [
    {
      id: 'responsable',
      h: 'Quién es responsable de tus datos',
      body: [
        'El responsable de tus datos es Calma Salud S.L. (demo), NIF B00000000 (ejemplo), con domicilio social en Calle Ejemplo 1, 28000 Madrid, España (ejemplo). Esta identidad es de ejemplo para esta demo.',
        {
          list: [
            'Dudas sobre privacidad: [privacy@calma.app](mailto:privacy@calma.app)',
            'Nuestro delegado de protección de datos (DPD): [dpo@calma.app](mailto:dpo@calma.app)',
            'Cualquier otra cosa: nuestro [formulario de contacto](/contact)',
          ],
        },
      ],
    },
    {
      id: 'resumen',
      h: 'En pocas palabras',
      body: [
        {
          list: [
            'Usamos tus datos para darte el servicio: tu plan, tus rutas, tu progreso y tus citas.',
            'Lo que sientes, buscas y escuchas son datos de salud. Solo los usamos con tu consentimiento explícito, y solo para el servicio.',
            'Nunca vendemos tus datos, y nunca enviamos tus datos de salud a empresas de publicidad ni de analítica.',
            'Las etiquetas de publicidad y medición solo se cargan si las aceptas, y solo en nuestras páginas públicas de campaña.',
            'Puedes descargar todos tus datos o eliminar tu cuenta desde tu perfil cuando quieras.',
          ],
        },
      ],
    },
    {
      id: 'datos',
      h: 'Qué datos recogemos',
      body: [
        {
          list: [
            'Cuenta: tu correo, nombre, contraseña (guardada solo como un hash seguro), idioma, país, teléfono con su prefijo, zona horaria y tu confirmación de que eres mayor de edad. Si entras con Google o Apple, recibimos el identificador que nos dan y, si lo comparten, tu correo.',
            'Tu uso de Calma: los planes que tienes asignados, las rutas y unidades que reproduces y hasta dónde llegas, tus «me gusta», tus recompensas y tu puesto en el ranking.',
            'Datos de salud y bienestar: los síntomas que buscas, las rutas que sigues (por ejemplo, para el insomnio o la ansiedad), tus citas con psicólogos (fecha, canal, estado y, si cancelas, el motivo que eliges) y lo que escribes en nuestros formularios.',
            'Pagos: tu suscripción, tus créditos y tus transacciones. Los datos de tu tarjeta van directamente a Stripe, nuestro proveedor de pagos: nunca vemos ni guardamos el número de tu tarjeta.',
            'Mensajes que nos envías: solicitudes de contacto, opiniones, peticiones de llamada (correo, nombre, teléfono y horario preferido) y sugerencias de rutas.',
            'Datos técnicos: tu dirección IP y datos del navegador, para la seguridad (por ejemplo, para frenar inicios de sesión fallidos repetidos), y un identificador de tu visita con la campaña que te trajo (valores utm), registrados en nuestros propios servidores.',
          ],
        },
      ],
    },
    {
      id: 'salud',
      h: 'Tus datos de salud',
      body: [
        'El RGPD considera los datos sobre tu salud una categoría especial (artículo 9). En Calma son los síntomas que buscas, las rutas que reproduces y tu progreso en ellas, tus planes, tus citas con psicólogos y lo que nos cuentas en los formularios.',
        'Solo los tratamos porque nos das tu consentimiento explícito (artículo 9.2.a del RGPD) al crear tu cuenta. Puedes leer los textos exactos en nuestra [página de consentimiento](/consent).',
        'Los usamos únicamente para prestarte el servicio: sugerirte y desbloquear rutas, mostrarte tu progreso, reservar tus sesiones y responderte. No los usamos para crear perfiles publicitarios y nunca los enviamos a empresas de publicidad ni de analítica.',
        'Solo pueden verlos las personas que los necesitan para ayudarte: el psicólogo con el que reservas (los datos de tu cita) y un pequeño equipo de soporte obligado a guardar confidencialidad.',
        'Puedes retirar tu consentimiento en cualquier momento eliminando tu cuenta. Eso no afecta a lo que hicimos antes, pero sin él no podemos ofrecerte un plan personal.',
      ],
    },
    {
      id: 'finalidades',
      h: 'Para qué usamos tus datos y con qué base legal',
      body: [
        {
          table: {
            head: ['Para qué', 'Qué datos', 'Base legal'],
            rows: [
              [
                'Crear tu cuenta y darte el servicio (planes, rutas, progreso, recompensas, ranking)',
                'Cuenta, tu uso de Calma',
                'Contrato (art. 6.1.b RGPD)',
              ],
              [
                'Personalizar tu plan y mostrarte tu progreso',
                'Datos de salud y bienestar',
                'Tu consentimiento explícito (art. 9.2.a RGPD)',
              ],
              [
                'Reservar y celebrar citas con psicólogos',
                'Cuenta, teléfono, citas',
                'Contrato y tu consentimiento explícito',
              ],
              [
                'Pagos, facturas y reembolsos',
                'Pagos, cuenta',
                'Contrato; obligación legal contable y fiscal (art. 6.1.c)',
              ],
              [
                'Enviarte el kit gratuito y la invitación de nuestras páginas de campaña',
                'Correo, nombre',
                'Tu consentimiento (art. 6.1.a)',
              ],
              [
                'Avisos sobre tu plan, en la app y por correo',
                'Cuenta, idioma, horario preferido',
                'Contrato; puedes desactivar los correos cuando quieras',
              ],
              [
                'Responder a tus mensajes, opiniones y peticiones de llamada',
                'Lo que nos envías',
                'Tu solicitud (art. 6.1.b) y nuestro interés legítimo en mejorar Calma (art. 6.1.f)',
              ],
              [
                'Proteger Calma del abuso, los bots y los ataques a cuentas',
                'Dirección IP, intentos de inicio de sesión, datos técnicos',
                'Interés legítimo (art. 6.1.f)',
              ],
              [
                'Contar visitas y campañas en nuestros propios servidores',
                'Identificador de visita, páginas, valores utm',
                'Interés legítimo (art. 6.1.f); nunca se comparte con proveedores',
              ],
              [
                'Medir nuestras páginas públicas y campañas con Google y Meta',
                'Dirección de la página sin parámetros, dispositivo',
                'Tu consentimiento en Configurar cookies (art. 6.1.a)',
              ],
              [
                'Guardar los registros que exige la ley y defendernos ante reclamaciones',
                'Pagos, consentimientos',
                'Obligación legal (art. 6.1.c); interés legítimo',
              ],
            ],
          },
        },
        'Cuando nos basamos en nuestro interés legítimo, lo hemos ponderado con tus derechos, y puedes oponerte en cualquier momento (mira [tus derechos](/privacy#derechos)).',
      ],
    },
    {
      id: 'destinatarios',
      h: 'Con quién los compartimos',
      body: [
        'Nunca vendemos tus datos. Solo los compartimos con empresas que trabajan para nosotros (encargados del tratamiento), con contratos que les obligan a protegerlos y a usarlos solo según nuestras instrucciones:',
        {
          list: [
            'Cloudflare, Inc.: alojamiento, base de datos, almacenamiento de archivos, entrega del sitio y la verificación contra bots de nuestros formularios (Turnstile).',
            'Resend, Inc.: envío de nuestros correos (bienvenida, enlaces para entrar, avisos).',
            'Stripe Payments Europe, Ltd.: pagos, suscripciones y reembolsos. Stripe también trata algunos datos por su cuenta, para cumplir sus obligaciones legales como proveedor de pagos.',
            'Google y Apple: solo si eliges entrar con ellos. Confirman quién eres; nunca recibimos tu contraseña ni tus contactos.',
            'Google (Analytics y Ads) y Meta (Píxel): solo si los aceptas en Configurar cookies, solo en nuestras páginas públicas de campaña y nunca con tus datos de salud. Mira nuestra [política de cookies](/cookies).',
          ],
        },
        'Tu psicólogo ve los datos de las citas que reservas con él. Las notas que toma en una sesión forman parte de su historia clínica, que guarda conforme a la ley sanitaria bajo su propia responsabilidad.',
        'También podemos dar datos a juzgados y autoridades públicas cuando la ley lo exige.',
      ],
    },
    {
      id: 'transferencias',
      h: 'Transferencias internacionales',
      body: [
        'Algunos de nuestros proveedores están en Estados Unidos o usan servidores fuera del Espacio Económico Europeo (EEE). Cuando tus datos salen del EEE, los protegemos con las Cláusulas Contractuales Tipo de la Comisión Europea y, si el proveedor está certificado, con el Marco de Privacidad de Datos UE-EE. UU., junto con medidas como el cifrado en tránsito y en reposo.',
        'Puedes pedirnos una copia de estas garantías en [privacy@calma.app](mailto:privacy@calma.app).',
      ],
    },
    {
      id: 'conservacion',
      h: 'Cuánto tiempo los guardamos',
      body: [
        {
          table: {
            head: ['Datos', 'Cuánto tiempo'],
            rows: [
              [
                'Cuenta, perfil, planes, progreso, «me gusta» y recompensas',
                'Mientras exista tu cuenta. Se borran al momento cuando la eliminas.',
              ],
              [
                'Datos de salud y bienestar, citas',
                'Mientras exista tu cuenta. Se borran al momento cuando la eliminas, o antes si nos lo pides.',
              ],
              ['Registros de tus consentimientos', 'Mientras exista tu cuenta.'],
              [
                'Pagos, créditos y transacciones',
                'El tiempo que exige la ley contable y fiscal (en España, en general 6 años), ya sin vincularse a ti cuando eliminas tu cuenta.',
              ],
              [
                'Mensajes, opiniones y peticiones de llamada',
                'Lo necesario para responderte, y como máximo 2 años. Se borran con tu cuenta.',
              ],
              [
                'Registros de visitas y campañas en nuestros servidores',
                'Como máximo 2 años, ya sin vincularse a ti cuando eliminas tu cuenta.',
              ],
              ['Intentos fallidos de inicio de sesión', '24 horas.'],
              ['Tu sesión', '1 día, o 30 días si eliges «mantener la sesión iniciada».'],
              ['Copias de seguridad', 'Se sobrescriben en 30 días como máximo.'],
            ],
          },
        },
      ],
    },
    {
      id: 'derechos',
      h: 'Tus derechos y cómo ejercerlos',
      body: [
        'Tienes derecho a:',
        {
          list: [
            'acceder a tus datos y obtener una copia;',
            'rectificarlos si son incorrectos o están incompletos;',
            'suprimirlos (el «derecho al olvido»);',
            'limitar su uso mientras se resuelve una duda;',
            'la portabilidad: recibirlos en un formato estructurado y legible por máquina (JSON);',
            'oponerte a los usos basados en nuestro interés legítimo;',
            'retirar tu consentimiento en cualquier momento, sin que afecte a lo que hicimos antes;',
            'no ser objeto de decisiones basadas solo en un tratamiento automatizado que te afecten de forma significativa. Calma no toma decisiones así: las rutas se desbloquean con reglas sencillas que ves en tu plan.',
          ],
        },
        'Cómo ejercerlos en Calma:',
        {
          list: [
            'Descargar tus datos: [Mi perfil](/profile) → Privacidad y datos → Descargar mis datos. Recibes un archivo con todo lo que guardamos sobre ti.',
            'Corregir tus datos: cambia tu nombre, país, teléfono e idioma en [Mi perfil](/profile).',
            'Eliminar tu cuenta: [Mi perfil](/profile) → Eliminar mi cuenta. Todo lo vinculado a ti se borra al momento; los registros de pagos se conservan, ya sin vincularse a ti, el tiempo que exige la ley.',
            'Dejar de recibir correos de avisos: [Mi perfil](/profile) → Notificaciones, o el enlace al final de cada correo de aviso.',
            'Cambiar tu elección de cookies: «Configurar cookies» al final de nuestras páginas públicas, o el botón de nuestra [política de cookies](/cookies).',
            'Cualquier otra cosa (limitación, oposición, dudas): escribe a [privacy@calma.app](mailto:privacy@calma.app) o a nuestro DPD en [dpo@calma.app](mailto:dpo@calma.app). Te respondemos en un plazo de un mes.',
          ],
        },
        'Si crees que no hemos respetado tus derechos, puedes reclamar ante la Agencia Española de Protección de Datos ([www.aepd.es](https://www.aepd.es)) o ante la autoridad del país de la UE donde vives. Te agradeceremos que antes nos dejes intentar solucionarlo.',
      ],
    },
    {
      id: 'menores',
      h: 'Solo para personas adultas',
      body: [
        'Calma es para personas adultas. Para registrarte debes confirmar que eres mayor de edad (18 años en España). No recogemos a sabiendas datos de menores; si sabemos que una cuenta pertenece a un menor, la eliminamos. Si eres madre, padre o tutor y crees que ha ocurrido, escríbenos a [privacy@calma.app](mailto:privacy@calma.app).',
        'Si tienes menos de 18 años y lo estás pasando mal, habla con un adulto de confianza o mira nuestra [página de ayuda](/help).',
      ],
    },
    {
      id: 'seguridad',
      h: 'Cómo los protegemos',
      body: [
        'Las conexiones siempre van cifradas (HTTPS). Las contraseñas se guardan solo como un hash con sal. Tu sesión vive en una cookie segura que los scripts no pueden leer. Dentro de nuestro equipo, solo ven los datos de salud las personas que los necesitan para ayudarte.',
        'Ningún sistema es perfecto. Si una brecha pone en riesgo tus datos, lo comunicaremos a la AEPD en 72 horas y, cuando el riesgo para ti sea alto, también a ti.',
      ],
    },
    {
      id: 'cambios',
      h: 'Cambios en esta política',
      body: [
        'Si cambiamos esta política, actualizaremos la fecha de arriba. Si el cambio es importante, te avisaremos en la app o por correo antes de que se aplique, y te pediremos de nuevo tu consentimiento cuando la ley lo exija.',
      ],
    },
  ],
}

const cookies: LegalDocument = {
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

const terms: LegalDocument = {
  intro: [
    'Estos términos son el acuerdo entre tú y Calma cuando usas nuestra web y nuestra app. Hemos intentado que sean breves y claros. Al crear una cuenta los aceptas.',
  ],
  sections: [
    {
      id: 'quienes-somos',
      h: 'Quiénes somos',
      body: [
        'Calma es un servicio de Calma Salud S.L. (demo), NIF B00000000 (ejemplo), con domicilio social en Calle Ejemplo 1, 28000 Madrid, España (ejemplo), inscrita en el Registro Mercantil de Madrid (ejemplo). Esta identidad es de ejemplo para esta demo.',
        'Puedes escribirnos con nuestro [formulario de contacto](/contact), o a [privacy@calma.app](mailto:privacy@calma.app) para cualquier cosa sobre tus datos.',
      ],
    },
    {
      id: 'servicio',
      h: 'Qué es Calma y qué no es',
      body: [
        'Calma ofrece rutas guiadas de audio y vídeo, planes personales, artículos y sesiones con psicólogos, para acompañarte con la ansiedad, los pensamientos que no paran, el insomnio y la tristeza.',
        'Calma es un apoyo para tu bienestar. No es un servicio médico: no diagnostica ni trata enfermedades, y no sustituye a tu médico, a tu psicólogo ni a tu tratamiento. Por favor, no dejes ni cambies un tratamiento por algo que hayas escuchado o leído aquí.',
        'Calma no es un servicio de emergencias. Si estás en peligro o piensas en hacerte daño, llama ahora al número de emergencias de tu país, o mira nuestra [página de ayuda](/help) con las líneas de crisis de tu país.',
      ],
    },
    {
      id: 'cuenta',
      h: 'Tu cuenta',
      body: [
        'Para crear una cuenta debes ser mayor de edad (18 años en España, o la mayoría de edad de donde vivas).',
        'Danos información veraz y guarda tu contraseña para ti. Avísanos enseguida si crees que otra persona ha usado tu cuenta.',
        'Puedes eliminar tu cuenta cuando quieras desde [Mi perfil](/profile).',
      ],
    },
    {
      id: 'acceso-gratuito',
      h: 'Acceso gratuito',
      body: [
        'Las cuentas nuevas tienen acceso gratuito durante un tiempo limitado (ahora, 3 días), sin tarjeta. No se cobra nada cuando termina: para seguir puedes elegir una suscripción o créditos.',
      ],
    },
    {
      id: 'pagos',
      h: 'Suscripciones, créditos y reembolsos',
      body: [
        'Las suscripciones son mensuales o anuales y se renuevan automáticamente. Puedes detener la renovación cuando quieras en [Mi suscripción y créditos](/subscription); tu plan dura hasta el final del periodo que pagaste. El precio, los impuestos y lo que incluye cada plan (por ejemplo, sesiones con psicólogos al mes) se muestran antes de pagar.',
        'Los créditos son un saldo prepagado, mostrado en dólares, que puedes usar para reservar sesiones. No son dinero y no se pueden cambiar por efectivo, salvo como reembolso según estos términos.',
        'Los pagos los procesa Stripe. Por ahora, las suscripciones solo se pueden comprar en la web, no desde dispositivos móviles.',
        'Reembolsos: puedes pedir uno en Mi suscripción y créditos, una vez cada 7 días. Revisamos cada solicitud y te respondemos por correo; cuando la aceptamos, el dinero vuelve a la tarjeta con la que pagaste.',
        'Si vives en la Unión Europea, puedes desistir de una compra en 14 días. Si nos pides empezar enseguida (por ejemplo, para desbloquear contenido o reservar una sesión al momento), pagas lo que ya hayas usado, y el derecho de desistimiento termina para el contenido digital ya entregado y las sesiones ya realizadas.',
      ],
    },
    {
      id: 'citas',
      h: 'Citas con psicólogos',
      body: [
        'Las sesiones las dan psicólogos titulados. Cada uno es responsable de su trabajo profesional y guarda su propia historia clínica, como exige la ley sanitaria.',
        'Para reservar necesitas un número de teléfono y créditos suficientes o una suscripción que incluya sesiones. Una cita queda confirmada cuando tanto tú como el psicólogo la habéis confirmado.',
        'Si no puedes asistir, cancela lo antes posible desde [Citas](/appointments) y cuéntanos el motivo. Una sesión a la que no acudes sin avisar puede no reembolsarse.',
        'Las sesiones en línea se hacen por el canal que indica tu cita (por ejemplo Google Meet, Zoom, una llamada o WhatsApp), con las condiciones de ese servicio.',
        'Una sesión con un psicólogo no es atención de urgencia. En una crisis, mira [ayuda ahora](/help).',
      ],
    },
    {
      id: 'uso-aceptable',
      h: 'Uso aceptable',
      body: [
        'Por favor, no:',
        {
          list: [
            'uses Calma si no eres mayor de edad;',
            'compartas tu cuenta ni revendas el acceso;',
            'copies, descargues o distribuyas nuestros audios, vídeos o artículos más allá de tu uso personal;',
            'rompas o sobrecargues el servicio, lo rastrees de forma automática ni te saltes sus límites y controles de seguridad;',
            'envíes contenido ilegal, de odio o dañino para otras personas, ni te hagas pasar por otra persona.',
          ],
        },
        'Podemos suspender o cerrar una cuenta que incumpla estas normas. Te diremos por qué, salvo que la ley o la seguridad de alguien lo impidan.',
      ],
    },
    {
      id: 'contenido',
      h: 'Nuestro contenido y el tuyo',
      body: [
        'Las rutas, audios, vídeos, artículos y textos de Calma, y la marca Calma, son nuestros o de quienes nos los licenciaron. Te damos una licencia personal e intransferible para usarlos en Calma mientras tu cuenta esté activa.',
        'Lo que nos envías (mensajes, opiniones, sugerencias) sigue siendo tuyo; nos permites usarlo para responderte y para mejorar Calma.',
      ],
    },
    {
      id: 'responsabilidad',
      h: 'Nuestra responsabilidad',
      body: [
        'Trabajamos para que Calma esté disponible y su contenido sea cuidadoso y correcto, pero no podemos prometer que nunca tenga errores ni interrupciones.',
        'Respondemos de los daños que causemos por nuestra culpa, según la ley. No respondemos de decisiones de salud tomadas sin un profesional, de usar Calma como si fuera un servicio de emergencias, ni de fallos de servicios ajenos a nuestro control.',
        'Nada en estos términos limita tus derechos como consumidor, ni nuestra responsabilidad cuando la ley no permite limitarla.',
      ],
    },
    {
      id: 'cambios',
      h: 'Cambios en estos términos',
      body: [
        'Podemos actualizar estos términos cuando cambie el servicio o la ley. Te avisaremos con antelación de los cambios importantes; si no los aceptas, puedes cerrar tu cuenta y te devolveremos la parte no usada de cualquier periodo pagado por adelantado.',
      ],
    },
    {
      id: 'ley',
      h: 'Ley aplicable y conflictos',
      body: [
        'Estos términos se rigen por la ley española. Si eres consumidor, conservas la protección de las leyes imperativas del país donde vives y puedes acudir a los tribunales de tu domicilio.',
        'Antes de ir a los tribunales, escríbenos, por favor: casi todo se arregla hablando. También puedes acudir a las autoridades de consumo de donde vives.',
      ],
    },
  ],
}

const consent: LegalDocument = {
  intro: [
    'En algunos momentos te pedimos permiso. Esta página muestra las palabras exactas, qué significa cada una y cómo retirarlo cuando quieras.',
  ],
  sections: [
    {
      id: 'registro',
      h: 'Cuando creas tu cuenta',
      body: [
        'El formulario de registro te pide marcar: «Soy mayor de edad y acepto los términos y la política de privacidad».',
        'Con ello confirmas que eres mayor de edad (Calma es solo para personas adultas) y que aceptas nuestros [términos](/terms) y nuestra [política de privacidad](/privacy). Guardamos un registro del texto que viste, su versión y cuándo lo aceptaste.',
      ],
    },
    {
      id: 'campanas',
      h: 'En nuestras páginas del kit gratuito',
      body: [
        'Nuestras páginas de campaña te piden marcar: «Soy mayor de edad y acepto recibir el kit y la invitación».',
        'Con ello confirmas que eres mayor de edad y aceptas que te enviemos por correo el kit gratuito (audios de 5 a 15 minutos) y una invitación a una sesión de orientación gratuita con un psicólogo. Para enviártelo creamos una cuenta de Calma a tu nombre, según nuestros [términos](/terms) y nuestra [política de privacidad](/privacy).',
      ],
    },
    {
      id: 'salud',
      h: 'Tus datos de salud',
      body: [
        'Lo que buscas, las rutas que sigues, tu progreso y tus citas dicen algo de tu salud. La ley pide tu consentimiento explícito para usarlos (artículo 9.2.a del RGPD).',
        'Crear tu cuenta significa darnos ese consentimiento para una sola finalidad: prestarte el servicio (tu plan, tu progreso, tus sesiones). Nunca los usamos para publicidad y nunca los enviamos a empresas de publicidad ni de analítica. Los detalles están en nuestra [política de privacidad](/privacy#salud).',
      ],
    },
    {
      id: 'cookies',
      h: 'Cookies y medición',
      body: [
        'En tu primera visita te preguntamos si aceptas las etiquetas de medición y publicidad. Nada de eso se carga hasta que dices que sí, y rechazar es tan fácil como aceptar. Mira nuestra [política de cookies](/cookies).',
      ],
    },
    {
      id: 'correos',
      h: 'Correos y avisos',
      body: [
        'Te enviamos correos sobre tu plan y tu cuenta. Puedes dejar de recibir los correos de avisos cuando quieras en [Mi perfil](/profile) o con el enlace de cada correo. Los correos que necesitas para usar tu cuenta, como los enlaces para entrar, siguen llegando.',
      ],
    },
    {
      id: 'retirar',
      h: 'Cómo retirar tu consentimiento',
      body: [
        {
          list: [
            'Datos de salud y tu cuenta: elimina tu cuenta en [Mi perfil](/profile). Todo lo vinculado a ti se borra.',
            'Correos del kit, la invitación y los avisos: el enlace al final de cualquier correo, o «Dejar de recibir notificaciones» en tu perfil.',
            'Cookies: «Configurar cookies» al final de nuestras páginas públicas, o el botón de nuestra [política de cookies](/cookies).',
          ],
        },
        'Retirar tu consentimiento es gratis y no hace ilegal lo que hicimos antes. Dudas: [privacy@calma.app](mailto:privacy@calma.app).',
      ],
    },
  ],
}

export const documents: Record<LegalKind, LegalDocument> = { terms, cookies, privacy, consent }
