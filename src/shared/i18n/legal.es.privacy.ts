// The privacy policy in Spanish (issue 8 §5), one document of legal.es.ts: the
// notes on placeholders and links at the top of that file hold here too.
import type { LegalDocument } from '#shared/contract/legal'

export const privacy: LegalDocument = {
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
