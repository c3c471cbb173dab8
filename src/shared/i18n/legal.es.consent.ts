// The consent to the processing of health data in Spanish (issue 8 §5), one document of legal.es.ts: the
// notes on placeholders and links at the top of that file hold here too.
import type { LegalDocument } from '#shared/contract/legal'

export const consent: LegalDocument = {
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
