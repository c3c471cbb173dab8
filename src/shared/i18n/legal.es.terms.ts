// The terms of use in Spanish (issue 8 §5), one document of legal.es.ts: the
// notes on placeholders and links at the top of that file hold here too.
import type { LegalDocument } from '#shared/contract/legal'

export const terms: LegalDocument = {
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
