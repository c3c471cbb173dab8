// Spanish posts (posts.ts puts them first).

import type { SeedPost } from './types'

export const postsEs: SeedPost[] = [
  {
    language: 'es',
    slug: 'test-de-ansiedad-preguntas-para-conocerte-mejor',
    title: 'Test de ansiedad: preguntas para conocerte mejor',
    description:
      'Un test orientativo y amable para reconocer cómo se manifiesta la ansiedad en tu día a día. No es un diagnóstico: es un punto de partida para cuidarte.',
    tag: 'Ansiedad',
    tags: ['ansiedad', 'test', 'autoconocimiento'],
    category: 'ansiedad',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-02-12T09:00:00.000Z',
    related_route_keys: ['understand-emotions', 'breathing-for-anxiety'],
    content: `<p>La ansiedad no se presenta igual en todas las personas. Hay quien la nota en el estómago, quien la vive como una mente que no se apaga y quien la descubre en forma de cansancio que no se va. Este pequeño test no pretende ponerte una etiqueta. Su único objetivo es ayudarte a observar con curiosidad lo que te pasa, para que puedas elegir qué tipo de cuidado necesitas.</p>
<h2>Antes de empezar</h2>
<p>Busca un momento tranquilo, sin prisas. Lee cada pregunta y responde mentalmente con un «casi nunca», «a veces» o «a menudo», pensando en las últimas dos semanas. No hay respuestas buenas ni malas. Si alguna pregunta te remueve, puedes parar, respirar despacio y seguir después.</p>
<h2>Las preguntas</h2>
<h3>En tu cuerpo</h3>
<p>¿Notas tensión en los hombros, la mandíbula o el estómago sin un motivo claro? ¿Te cuesta respirar hondo, como si el aire no terminara de llegar? ¿Te sientes inquieto o inquieta, con ganas de moverte aunque te notes sin energía? El cuerpo suele ser el primero en avisar cuando algo nos preocupa.</p>
<h3>En tu mente</h3>
<p>¿Le das vueltas a las cosas una y otra vez, imaginando lo peor? ¿Te cuesta concentrarte porque la cabeza salta de una preocupación a otra? ¿Sientes que necesitas tenerlo todo bajo control para sentir calma? Estos patrones son muy comunes y se pueden aprender a manejar.</p>
<h3>En tu día a día</h3>
<p>¿Evitas situaciones o conversaciones por miedo a cómo te sentirás? ¿Duermes peor de lo habitual? ¿Te notas más irritable o con menos paciencia? A veces la ansiedad no se ve, pero va cambiando poco a poco nuestras rutinas.</p>
<h2>Cómo leer tus respuestas</h2>
<p>Si has respondido «a menudo» en varias preguntas, es probable que la ansiedad esté ocupando bastante espacio en tu vida. No significa que algo vaya mal en ti. Significa que tu sistema de alarma está trabajando más de la cuenta y que merece un poco de atención y de descanso.</p>
<p>Si la mayoría de tus respuestas han sido «casi nunca» o «a veces», quizá solo necesites algunas herramientas para los momentos de más tensión. En ambos casos, conocerte mejor ya es un paso valioso.</p>
<h2>Y ahora, ¿qué puedes hacer?</h2>
<h3>Empieza por algo pequeño</h3>
<p>Practicar la respiración lenta durante un par de minutos al día puede ayudarte a notar que tienes cierta capacidad para calmar el cuerpo. La ruta «Descubre y comprende tus emociones» es un buen primer paso para poner nombre a lo que sientes.</p>
<h3>Pide compañía si la necesitas</h3>
<p>Hablar con una psicóloga o un psicólogo puede ayudarte a entender tu ansiedad y a encontrar estrategias hechas a tu medida. Recuerda que este test es solo orientativo y no sustituye a una valoración profesional. Si en algún momento sientes que no puedes más o piensas en hacerte daño, busca ayuda inmediata en los servicios de emergencia de tu país.</p>`,
  },
  {
    language: 'es',
    slug: 'test-del-sueno-como-estas-descansando',
    title: 'Test del sueño: ¿cómo estás descansando de verdad?',
    description:
      'Responde a este breve test para entender mejor tus noches y descubrir qué hábitos pueden ayudarte a descansar un poco mejor.',
    tag: 'Sueño',
    tags: ['insomnio', 'sueño', 'test'],
    category: 'sueno',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-04-03T08:30:00.000Z',
    related_route_keys: ['insomnia-4-exercises', 'body-scan-sleep'],
    content: `<p>Dormir mal de vez en cuando le pasa a todo el mundo. Pero cuando las noches difíciles se acumulan, el cansancio empieza a teñirlo todo: el humor, la concentración, las ganas de hacer cosas. Este test te propone mirar tus noches con calma y sin juzgarte, para entender qué está pasando y por dónde empezar.</p>
<h2>Cómo hacer el test</h2>
<p>Piensa en el último mes. Para cada pregunta, responde con sinceridad «sí», «a veces» o «no». Puedes apuntar tus respuestas en un papel: verlas escritas te ayudará después.</p>
<h2>Las preguntas</h2>
<h3>Al acostarte</h3>
<p>¿Tardas más de media hora en dormirte? ¿Sientes que, justo al apagar la luz, tu mente se activa y empieza a repasar el día o lo que tienes pendiente? ¿Te acuestas con la sensación de tener que dormir ya, y esa presión te desvela todavía más?</p>
<h3>Durante la noche</h3>
<p>¿Te despiertas varias veces y te cuesta volver a dormir? ¿Miras la hora con frecuencia y haces cuentas de cuánto te queda? ¿Te despiertas de madrugada, mucho antes de que suene el despertador?</p>
<h3>Al día siguiente</h3>
<p>¿Te levantas con la sensación de no haber descansado? ¿Notas que te cuesta concentrarte o que estás más sensible de lo normal? ¿Necesitas mucho café para funcionar?</p>
<h2>Qué te dicen tus respuestas</h2>
<p>Si has respondido «sí» a varias preguntas, tu descanso necesita algo de cariño. La buena noticia es que el sueño responde bien a los cambios pequeños y constantes. No se trata de hacerlo perfecto, sino de ir enseñando al cuerpo, noche a noche, que la cama es un lugar seguro para descansar.</p>
<p>Fíjate también en el bloque donde más «sí» has marcado. Si te cuesta dormirte, los ejercicios de relajación antes de acostarte pueden ayudarte mucho. Si te despiertas de madrugada, te vendrá bien tener a mano un recurso suave para esos momentos.</p>
<h2>Primeros pasos para esta semana</h2>
<h3>Un horario amable</h3>
<p>Intenta levantarte a una hora parecida todos los días, incluso después de una mala noche. Es una de las formas más sencillas de ayudar a tu reloj interno.</p>
<h3>Un ritual antes de dormir</h3>
<p>Baja la intensidad de las luces, deja el móvil fuera de la habitación y dedica unos minutos a respirar o a escuchar un audio de relajación. La ruta «4 ejercicios para el insomnio» está pensada justo para ese momento.</p>
<p>Recuerda que este test es orientativo. Si el insomnio dura semanas o afecta mucho a tu vida, habla con un profesional de la salud: mereces descansar.</p>`,
  },
  {
    language: 'es',
    slug: 'piensas-demasiado-test-para-reconocer-el-bucle',
    title: '¿Piensas demasiado? Un test sencillo para reconocer el bucle',
    description:
      'Algunas preguntas para darte cuenta de cuándo pensar te ayuda y cuándo te atrapa. Incluye ideas prácticas para salir del bucle con suavidad.',
    tag: 'Pensamientos',
    tags: ['sobrepensar', 'rumiación', 'test'],
    category: 'guias-practicas',
    author: 'Mariana Castillo Vega',
    published_at: '2024-06-18T10:00:00.000Z',
    related_route_keys: ['stop-rumination', 'worry-time'],
    content: `<p>Pensar es una herramienta maravillosa. Nos permite planificar, resolver problemas y aprender de lo que vivimos. Pero a veces la mente se queda atascada dando vueltas en círculo, y lo que debería ayudarnos termina agotándonos. Este pequeño test te ayuda a distinguir entre pensar y sobrepensar.</p>
<h2>Pensar o sobrepensar: la diferencia</h2>
<p>Cuando pensamos de forma útil, avanzamos: llegamos a una decisión, a un plan o, al menos, a una idea más clara. Cuando sobrepensamos, en cambio, repetimos las mismas preguntas sin llegar a ningún sitio, y solemos terminar más preocupados que al principio.</p>
<h2>El test</h2>
<h3>Cinco preguntas para ti</h3>
<p>Responde con un «sí» o un «no» pensando en las últimas semanas:</p>
<ul>
<li>¿Repasas conversaciones una y otra vez, buscando lo que dijiste mal?</li>
<li>¿Te cuesta tomar decisiones pequeñas porque imaginas todas las consecuencias posibles?</li>
<li>¿Das vueltas a las cosas sobre todo por la noche, en la cama?</li>
<li>¿Sientes que, si dejas de pensar en un problema, algo malo puede pasar?</li>
<li>¿Terminas cansado o cansada después de «pensar» sin haber resuelto nada?</li>
</ul>
<h3>Cómo interpretarlo</h3>
<p>Si has contestado «sí» a tres o más preguntas, es probable que tu mente pase bastante tiempo en el bucle. No es un defecto de carácter: muchas veces es la forma que encuentra la mente de intentar protegernos. Simplemente, esa estrategia ya no te está ayudando tanto como antes.</p>
<h2>Ideas para salir del bucle</h2>
<h3>Date cuenta y ponle nombre</h3>
<p>El primer paso es notar que estás dando vueltas. Puedes decirte, con amabilidad: «estoy sobrepensando otra vez». Nombrarlo crea un poco de distancia entre tú y el pensamiento.</p>
<h3>Pregúntate si hay un paso posible</h3>
<p>Si puedes hacer algo, apunta el primer paso, por pequeño que sea. Si no depende de ti, prueba a dejar el pensamiento para más tarde, en un rato reservado para las preocupaciones.</p>
<h3>Vuelve al cuerpo</h3>
<p>Unas cuantas respiraciones lentas o sentir los pies en el suelo te ayudan a salir de la cabeza y volver al presente. La ruta «Sal del bucle: frena la rumiación» te acompaña paso a paso.</p>
<p>Este test no es un diagnóstico. Si sientes que los pensamientos repetitivos te quitan mucha energía o te impiden hacer tu vida, hablarlo con una psicóloga o un psicólogo puede ayudarte mucho.</p>`,
  },
  {
    language: 'es',
    slug: 'tu-plan-para-dormir-mejor-en-7-noches',
    title: 'Tu plan para dormir mejor en 7 noches',
    description:
      'Un plan sencillo, noche a noche, para ayudar a tu cuerpo a reencontrarse con el descanso. Sin reglas imposibles, solo pequeños cambios.',
    tag: 'Sueño',
    tags: ['insomnio', 'plan', 'hábitos'],
    category: 'sueno',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-09-09T19:00:00.000Z',
    audios: [{ key: 'units/es-sleep-1.mp3', title: 'Escúchalo: soltar el día' }],
    related_route_keys: ['insomnia-4-exercises', 'wind-down-routine', 'quiet-mind-night'],
    content: `<p>Cuando llevas tiempo durmiendo mal, es fácil sentir que has perdido la capacidad de descansar. No es así: el sueño sigue ahí, esperando a que le abras un poco la puerta. Este plan de siete noches no busca milagros, sino darte una estructura amable para empezar a cambiar la relación con tus noches.</p>
<h2>Cómo usar este plan</h2>
<p>Cada noche añade un pequeño paso a lo que ya hiciste la anterior. Si un día no te sale, no pasa nada: retómalo al día siguiente. La constancia importa mucho más que la perfección.</p>
<h2>Las siete noches</h2>
<h3>Noche 1: observa</h3>
<p>No cambies nada todavía. Solo fíjate en a qué hora te acuestas, cuánto tardas en dormirte y cómo te sientes al despertar. Apúntalo por la mañana en una libreta.</p>
<h3>Noche 2: una hora fija para levantarte</h3>
<p>Elige una hora para levantarte y mantenla, aunque hayas dormido poco. Tu reloj interno agradece la regularidad más que cualquier otra cosa.</p>
<h3>Noche 3: luces más suaves</h3>
<p>Una hora antes de acostarte, baja la intensidad de las luces y aparca las pantallas. Deja que tu cuerpo note que el día se está terminando.</p>
<h3>Noche 4: vacía la mente</h3>
<p>Antes de ir a la cama, escribe en un papel lo que te preocupa o lo que tienes pendiente para mañana. Así no tendrás que sujetarlo en la cabeza mientras intentas dormir.</p>
<h3>Noche 5: respira en la cama</h3>
<p>Ya en la cama, prueba la respiración 4-7-8 o una exhalación larga durante unos minutos. No lo hagas para dormirte, sino para descansar. El sueño suele llegar cuando dejamos de perseguirlo.</p>
<h3>Noche 6: un escaneo corporal</h3>
<p>Recorre tu cuerpo con la atención, de la cabeza a los pies, soltando la tensión en cada zona. El audio «Escaneo corporal para dormir» te puede guiar.</p>
<h3>Noche 7: tu propio ritual</h3>
<p>Junta lo que mejor te haya funcionado y conviértelo en tu ritual. Repetirlo cada noche le enseña al cuerpo que se acerca la hora de descansar.</p>
<h2>Si te despiertas por la noche</h2>
<p>Evita mirar la hora y recuerda que descansar en silencio también repara. Si pasan muchos minutos y notas inquietud, levántate un rato a otra habitación con luz tenue y vuelve a la cama cuando notes sueño.</p>
<h2>Un recordatorio importante</h2>
<p>Este plan es una guía general de hábitos, no un tratamiento. Si el insomnio se alarga o te preocupa, consulta con un profesional. Mientras tanto, trátate con paciencia: cada noche es una nueva oportunidad.</p>`,
  },
  {
    language: 'es',
    slug: 'como-preparar-un-plan-de-calma-para-los-dias-dificiles',
    title: 'Cómo preparar un plan de calma para los días difíciles',
    description:
      'Tener un plan de calma escrito te ayuda a saber qué hacer cuando la ansiedad aprieta y cuesta pensar con claridad. Te explicamos cómo crear el tuyo.',
    tag: 'Ansiedad',
    tags: ['ansiedad', 'plan', 'autocuidado'],
    category: 'ansiedad',
    author: 'Mariana Castillo Vega',
    published_at: '2024-11-20T11:00:00.000Z',
    related_route_keys: ['grounding-54321', 'panic-wave', 'breathing-for-anxiety'],
    content: `<p>En los momentos de mucha ansiedad, la mente se nubla. Cuesta recordar qué nos ayuda, y todo parece urgente. Por eso es tan útil preparar un plan de calma en un día tranquilo: una pequeña guía escrita por ti, para ti, que puedas consultar cuando lo necesites.</p>
<h2>¿Qué es un plan de calma?</h2>
<p>Es una lista sencilla de señales, recursos y personas que te ayudan a atravesar los momentos difíciles. No tiene que ser bonita ni completa. Lo importante es que sea tuya y que la tengas a mano, por ejemplo en el móvil o en un papel en la cartera.</p>
<h2>Los cinco apartados de tu plan</h2>
<h3>1. Mis señales de alerta</h3>
<p>Anota cómo notas que la ansiedad empieza a subir. Quizá el corazón se acelera, te cuesta respirar, te vuelves irritable o empiezas a evitar cosas. Reconocer las señales pronto te permite actuar antes.</p>
<h3>2. Lo que me calma el cuerpo</h3>
<p>Escribe dos o tres recursos físicos que te funcionen: una respiración lenta, lavarte la cara con agua fresca, caminar unos minutos, sentir los pies en el suelo. La técnica 5-4-3-2-1 es una opción muy práctica.</p>
<h3>3. Lo que me ayuda a pensar con más claridad</h3>
<p>Frases que te sirvan de ancla: «esto es incómodo, pero pasará», «ya lo he atravesado otras veces», «ahora solo tengo que dar el siguiente paso». Léelas despacio cuando las necesites.</p>
<h3>4. Personas a las que puedo acudir</h3>
<p>Apunta el nombre y el teléfono de dos o tres personas de confianza. No hace falta contarles todo: a veces basta con una conversación tranquila o un paseo juntos.</p>
<h3>5. Ayuda profesional</h3>
<p>Incluye el contacto de tu psicóloga o psicólogo, si lo tienes, y el número de emergencias de tu país. Si en algún momento sientes que estás en peligro, llama sin esperar.</p>
<h2>Cómo practicar tu plan</h2>
<p>Un plan funciona mejor cuando lo has ensayado. Practica tus recursos en momentos de calma, aunque sea un par de minutos al día. Así, cuando llegue un día difícil, tu cuerpo ya los reconocerá.</p>
<h2>Revísalo de vez en cuando</h2>
<p>Con el tiempo descubrirás cosas nuevas que te ayudan y otras que ya no tanto. Actualiza tu plan sin miedo: es una herramienta viva, que crece contigo.</p>`,
  },
  {
    language: 'es',
    slug: 'plan-sencillo-para-cuidar-tu-animo',
    title: 'Un plan sencillo para cuidar tu ánimo cuando estás triste',
    description:
      'Cuando la tristeza pesa, los grandes cambios parecen imposibles. Este plan propone pasos pequeños y amables para acompañarte día a día.',
    tag: 'Bienestar',
    tags: ['tristeza', 'ánimo', 'plan'],
    category: 'bienestar-emocional',
    author: 'Andrés Felipe Morales',
    published_at: '2025-01-15T09:30:00.000Z',
    related_route_keys: ['self-compassion-sadness', 'small-steps-low-mood'],
    content: `<p>La tristeza forma parte de la vida. A veces llega por una pérdida o un cambio, y otras veces aparece sin que sepamos muy bien por qué. Sea como sea, merece ser acompañada con cariño. Este plan no pretende que dejes de estar triste de un día para otro, sino ayudarte a cuidarte mientras atraviesas este momento.</p>
<h2>La idea principal: pasos pequeños</h2>
<p>Cuando el ánimo está bajo, la energía escasea. Por eso, en lugar de grandes propósitos, te proponemos acciones diminutas que se puedan hacer incluso en un mal día. Cada una cuenta.</p>
<h2>Tu plan, en cuatro áreas</h2>
<h3>Cuidar el cuerpo</h3>
<p>Bebe agua, come algo caliente, abre la ventana para que entre la luz. Si puedes, sal a caminar diez minutos. El movimiento suave no lo arregla todo, pero a menudo aligera un poco la carga.</p>
<h3>Mantener algo de rutina</h3>
<p>Intenta levantarte y acostarte a horas parecidas y vestirte aunque no vayas a salir. Las rutinas dan una estructura que sostiene cuando por dentro todo se tambalea.</p>
<h3>Conectar con otras personas</h3>
<p>No hace falta una gran conversación. Un mensaje a alguien querido, una llamada corta o simplemente estar en la misma habitación que otra persona puede ayudarte a sentirte menos solo o sola.</p>
<h3>Tratarte con amabilidad</h3>
<p>Observa cómo te hablas por dentro. Si te descubres criticándote, prueba a preguntarte: «¿qué le diría a un amigo que se sintiera así?». La ruta «Autocompasión para los días tristes» te ayuda a practicarlo.</p>
<h2>Un ejemplo de día</h2>
<p>Por la mañana, abres la ventana y respiras tres veces despacio. A mediodía, das un paseo corto. Por la tarde, escribes a alguien. Por la noche, anotas un pequeño momento bueno del día, aunque sea muy sencillo. Nada más. Eso ya es mucho.</p>
<h2>Cuándo pedir ayuda</h2>
<p>Si la tristeza dura semanas, si te cuesta cada vez más hacer tu vida o si aparecen pensamientos de hacerte daño, no lo atravieses en soledad. Habla con un profesional de la salud mental o, si es urgente, con los servicios de emergencia de tu país. Pedir ayuda es una forma valiente de cuidarte.</p>`,
  },
  {
    language: 'es',
    slug: 'que-hacer-cuando-llega-un-ataque-de-panico',
    title: 'Qué hacer cuando llega un ataque de pánico',
    description:
      'Un ataque de pánico asusta mucho, pero pasa. Te contamos qué está ocurriendo en tu cuerpo y qué recursos pueden ayudarte a atravesarlo.',
    tag: 'Pánico',
    tags: ['pánico', 'ansiedad', 'respiración'],
    category: 'ansiedad',
    author: 'Mariana Castillo Vega',
    published_at: '2025-03-04T10:15:00.000Z',
    related_route_keys: ['panic-wave', 'grounding-54321'],
    content: `<p>El corazón se acelera, falta el aire, aparece un mareo o una sensación de irrealidad, y con todo ello un miedo muy intenso. Quien ha vivido un ataque de pánico sabe lo desagradable que es. Si te ha pasado, queremos empezar por decirte algo importante: no estás exagerando y no estás solo ni sola. Es una experiencia muy común.</p>
<h2>¿Qué está pasando en tu cuerpo?</h2>
<p>Durante un ataque de pánico, el sistema de alarma del cuerpo se activa con mucha fuerza, como si hubiera un peligro inmediato. Esa reacción prepara al cuerpo para huir o defenderse, y por eso aparecen las palpitaciones, la respiración rápida o la tensión. Son sensaciones muy incómodas, pero la alarma, tarde o temprano, se apaga.</p>
<h2>Durante el ataque</h2>
<h3>Recuérdate que pasará</h3>
<p>Puedes repetirte: «esto es pánico, es muy incómodo, pero va a pasar». Ponerle nombre a lo que ocurre reduce el miedo al propio miedo.</p>
<h3>Alarga la exhalación</h3>
<p>No intentes llenar mucho los pulmones. Centra la atención en soltar el aire despacio, como si soplaras una vela sin llegar a apagarla. Una exhalación larga ayuda al cuerpo a bajar revoluciones.</p>
<h3>Ánclate a tus sentidos</h3>
<p>Siente los pies en el suelo y nombra cinco cosas que veas a tu alrededor, cuatro que puedas tocar y tres sonidos. Esta técnica de anclaje te devuelve al presente.</p>
<h3>Deja estar las sensaciones</h3>
<p>Luchar contra las sensaciones suele intensificarlas. Prueba a observarlas como una ola que sube, llega a su punto más alto y vuelve a bajar.</p>
<h2>Después del ataque</h2>
<p>Es normal sentir cansancio o sensibilidad. Descansa, bebe agua y trátate con suavidad. Si te apetece, cuéntale a alguien de confianza lo que ha pasado.</p>
<h2>Practicar en calma</h2>
<p>Los recursos funcionan mejor si los has practicado antes. Dedica unos minutos al día a la respiración y al anclaje, por ejemplo con la ruta «Cuando llega el pánico: surfear la ola».</p>
<p>Si los ataques se repiten o te generan mucho miedo, habla con un profesional sanitario. Y si alguna vez no sabes si lo que sientes es pánico u otra cosa, busca atención médica: cuidarte siempre es la opción correcta.</p>`,
  },
  {
    language: 'es',
    slug: 'la-respiracion-4-7-8-paso-a-paso',
    title: 'La respiración 4-7-8, paso a paso',
    description:
      'Una técnica sencilla que puedes practicar en cualquier lugar para relajarte o antes de dormir. Te explicamos cómo hacerla y cómo adaptarla a ti.',
    tag: 'Respiración',
    tags: ['respiración', 'relajación', 'sueño'],
    category: 'guias-practicas',
    author: 'Equipo Calma',
    published_at: '2025-05-22T07:45:00.000Z',
    videos: [
      {
        key: 'units/breathing-4-7-8.mp4',
        title: 'Respira con el círculo: 4 al crecer, 7 quieto, 8 al encogerse',
        duration_seconds: 57,
      },
    ],
    related_route_keys: ['breathing-4-7-8', 'insomnia-4-exercises'],
    content: `<p>La respiración es una de las pocas funciones del cuerpo que ocurre sola pero que también podemos dirigir. Por eso es una puerta muy accesible hacia la calma. La respiración 4-7-8 es una de las técnicas más conocidas y, con un poco de práctica, puede convertirse en una aliada para los momentos de tensión o para la hora de dormir.</p>
<h2>En qué consiste</h2>
<p>Se trata de inspirar durante cuatro tiempos, retener el aire durante siete y soltarlo durante ocho. La clave está en que la exhalación es más larga que la inspiración, algo que muchas personas encuentran relajante.</p>
<h2>Paso a paso</h2>
<h3>1. Prepárate</h3>
<p>Siéntate con la espalda cómoda o túmbate boca arriba. Deja caer los hombros y apoya las manos donde te resulte natural. Si quieres, cierra los ojos.</p>
<h3>2. Inspira en cuatro</h3>
<p>Cierra la boca e inspira en silencio por la nariz mientras cuentas mentalmente hasta cuatro.</p>
<h3>3. Retén en siete</h3>
<p>Mantén el aire con suavidad, sin apretar, mientras cuentas hasta siete.</p>
<h3>4. Suelta en ocho</h3>
<p>Deja salir el aire por la boca, despacio, contando hasta ocho. Puedes imaginar que soplas sobre una bebida caliente.</p>
<h3>5. Repite</h3>
<p>Haz cuatro ciclos al principio. Con el tiempo, si te sienta bien, puedes hacer algunos más.</p>
<h2>Adáptala a ti</h2>
<p>Si los tiempos se te hacen largos o notas cierta incomodidad, acórtalos manteniendo la proporción: por ejemplo, dos, tres y cuatro. Lo importante no son los números exactos, sino que la salida del aire sea lenta y cómoda. Si en algún momento te mareas, vuelve a respirar con normalidad.</p>
<h2>Cuándo usarla</h2>
<h3>Antes de dormir</h3>
<p>Practícala ya en la cama, con la luz apagada. No la uses para obligarte a dormir, sino para ayudar al cuerpo a descansar.</p>
<h3>En momentos de tensión</h3>
<p>Antes de una reunión, después de una discusión o cuando notes que la ansiedad sube, unos pocos ciclos pueden darte un pequeño respiro.</p>
<p>Como cualquier habilidad, mejora con la práctica. La ruta «Respiración 4-7-8» te acompaña con audios para que solo tengas que seguir la voz.</p>`,
  },
  {
    language: 'es',
    slug: 'rumiacion-por-que-le-damos-vueltas-a-las-cosas',
    title: 'Rumiación: por qué le damos tantas vueltas a las cosas',
    description:
      'La rumiación nos mantiene atrapados en el pasado o en lo que pudo ser. Entender cómo funciona es el primer paso para salir de ella con amabilidad.',
    tag: 'Pensamientos',
    tags: ['rumiación', 'sobrepensar', 'mindfulness'],
    category: 'bienestar-emocional',
    author: 'Andrés Felipe Morales',
    published_at: '2025-08-30T16:00:00.000Z',
    related_route_keys: ['stop-rumination', 'thoughts-are-not-facts'],
    content: `<p>«¿Por qué dije eso?», «¿y si lo hubiera hecho de otra manera?», «¿por qué me siento así?». Todos nos hemos quedado alguna vez atrapados en preguntas como estas. Cuando esos pensamientos se repiten durante horas o días, hablamos de rumiación.</p>
<h2>¿Qué es la rumiación?</h2>
<p>Rumiar es darle vueltas de forma repetitiva a algo que nos preocupa o nos duele, normalmente sobre el pasado o sobre nosotros mismos. A diferencia de la reflexión, que nos ayuda a entender y a avanzar, la rumiación suele dejarnos en el mismo sitio, o un poco peor.</p>
<h2>¿Por qué lo hacemos?</h2>
<h3>La mente intenta protegernos</h3>
<p>En el fondo, la rumiación es un intento de resolver algo. La mente cree que, si piensa lo suficiente, encontrará la respuesta que calme el malestar. El problema es que muchas de esas preguntas no tienen respuesta.</p>
<h3>Se convierte en costumbre</h3>
<p>Cuanto más rumiamos, más fácil le resulta a la mente volver a ese camino. Es como un sendero que se marca a fuerza de pisarlo.</p>
<h2>Cómo empezar a salir</h2>
<h3>Date cuenta sin juzgarte</h3>
<p>El primer paso es notar cuándo estás rumiando. Puedes decirte: «ahí está otra vez el bucle». No hace falta enfadarte contigo; reconocerlo ya es un avance.</p>
<h3>Cambia de canal</h3>
<p>Llevar la atención a algo concreto del presente, como la respiración, los sonidos o una tarea con las manos, ayuda a interrumpir el ciclo. No se trata de reprimir los pensamientos, sino de elegir dónde poner tu atención.</p>
<h3>Pregúntate qué necesitas</h3>
<p>A veces la rumiación esconde una emoción que pide ser atendida: tristeza, miedo, culpa. Preguntarte qué necesitas puede llevarte a una acción útil, como hablar con alguien o descansar.</p>
<h3>Observa los pensamientos como hojas en un río</h3>
<p>Imagina que cada pensamiento es una hoja que flota sobre el agua. Lo ves llegar y lo dejas marchar. Este ejercicio, que encontrarás en la ruta «Sal del bucle», entrena la capacidad de mirar los pensamientos con cierta distancia.</p>
<h2>Ten paciencia contigo</h2>
<p>Salir de la rumiación es un aprendizaje, no un interruptor. Habrá días en que te cueste más. Si sientes que los pensamientos te desbordan a menudo, un profesional puede acompañarte a encontrar tu propio camino.</p>`,
  },
  {
    language: 'es',
    slug: 'autocompasion-aprender-a-hablarte-con-carino',
    title: 'Autocompasión: aprender a hablarte con cariño',
    description:
      'Tratarte con la misma amabilidad que ofrecerías a alguien a quien quieres no es debilidad. Te contamos qué es la autocompasión y cómo practicarla.',
    tag: 'Autocompasión',
    tags: ['autocompasión', 'tristeza', 'diálogo interno'],
    category: 'bienestar-emocional',
    author: 'Andrés Felipe Morales',
    published_at: '2025-10-14T08:00:00.000Z',
    related_route_keys: ['self-compassion-sadness', 'kinder-inner-voice'],
    content: `<p>Si una amiga te contara que está pasando por un mal momento, probablemente la escucharías con paciencia y le dirías algo amable. Sin embargo, cuando somos nosotros quienes lo pasamos mal, a menudo nos hablamos con dureza. La autocompasión consiste, sencillamente, en ofrecernos a nosotros mismos ese mismo trato cálido.</p>
<h2>Qué es y qué no es la autocompasión</h2>
<h3>Lo que sí es</h3>
<p>Es reconocer que estás sufriendo, recordar que el sufrimiento forma parte de la vida de todas las personas y responderte con cuidado. Es un gesto de compañía hacia ti en los momentos difíciles.</p>
<h3>Lo que no es</h3>
<p>No es lástima, ni excusa, ni conformismo. Tratarte con cariño no significa dejar de esforzarte. De hecho, muchas personas descubren que les resulta más fácil cambiar cuando no se castigan por cada error.</p>
<h2>Tres gestos para practicar</h2>
<h3>1. Reconoce el momento</h3>
<p>Cuando algo duela, detente y nómbralo: «este es un momento difícil». Parece poca cosa, pero reconocer el malestar en lugar de apartarlo ya es una forma de cuidado.</p>
<h3>2. Recuerda que no te pasa solo a ti</h3>
<p>Lo que sientes lo han sentido muchas otras personas. Puedes decirte: «a otras personas también les pasa». Esta idea alivia la sensación de aislamiento que suele acompañar a la tristeza.</p>
<h3>3. Dedícate unas palabras amables</h3>
<p>Pregúntate qué le dirías a alguien querido en tu situación, y díselo a ti. Puede ser algo como «estoy haciendo lo que puedo» o «me merezco un descanso». Si te ayuda, pon una mano sobre el pecho mientras lo dices.</p>
<h2>Cuando la voz crítica aparece</h2>
<p>La crítica interna no desaparece de un día para otro, y no hace falta pelearse con ella. Puedes escucharla, agradecerle su intento de protegerte y responderle con un tono más justo. Con la práctica, la voz amable va ganando espacio.</p>
<h2>Empieza por poco</h2>
<p>Un par de minutos al día son suficientes para empezar. Las rutas «Autocompasión para los días tristes» y «Una voz interior más amable» te acompañan con audios breves. Y si la tristeza se vuelve muy pesada, recuerda que pedir ayuda profesional también es una forma de autocompasión.</p>`,
  },
  {
    language: 'es',
    slug: 'estres-cotidiano-pequenas-pausas-que-ayudan',
    title: 'Estrés cotidiano: pequeñas pausas que sí ayudan',
    description:
      'No necesitas una hora libre para cuidarte. Descubre pausas de un minuto que caben en cualquier día, por lleno que esté.',
    tag: 'Estrés',
    tags: ['estrés', 'pausas', 'respiración'],
    category: 'guias-practicas',
    author: 'Equipo Calma',
    published_at: '2026-01-08T12:00:00.000Z',
    related_route_keys: ['stress-pauses', 'relax-body-calm-mind'],
    content: `<p>Correos que no paran de llegar, tareas que se acumulan, prisas para llegar a todo. El estrés cotidiano no siempre es dramático, pero se va sumando a lo largo del día hasta que, por la noche, nos sentimos agotados sin saber muy bien por qué. La buena noticia es que pequeñas pausas, repartidas a lo largo del día, pueden marcar una diferencia real.</p>
<h2>Por qué funcionan las pausas cortas</h2>
<p>Cuando estamos bajo presión, el cuerpo se mantiene en estado de alerta. Una pausa breve le da la oportunidad de bajar un poco la intensidad antes de seguir. No elimina el estrés, pero evita que se acumule sin freno.</p>
<h2>Cinco pausas de un minuto</h2>
<h3>1. Para, respira, observa</h3>
<p>Detente donde estés. Haz una respiración lenta. Observa qué sientes en el cuerpo y qué pasa por tu mente. Después, elige tu siguiente paso con calma.</p>
<h3>2. Suelta los hombros</h3>
<p>Sube los hombros hacia las orejas, mantenlos un momento y déjalos caer con una exhalación larga. Repite dos o tres veces. Es sorprendente cuánta tensión guardamos ahí.</p>
<h3>3. Mira lejos</h3>
<p>Si pasas muchas horas frente a una pantalla, levanta la vista y mira algo lejano durante unos segundos: una ventana, el cielo, el fondo de la habitación. Tus ojos y tu mente lo agradecerán.</p>
<h3>4. Respiración cuadrada</h3>
<p>Inspira en cuatro tiempos, retén en cuatro, suelta en cuatro y descansa en cuatro. Repite el ciclo tres veces. Es discreta y puedes hacerla incluso en una reunión.</p>
<h3>5. Muévete un poco</h3>
<p>Levántate, estírate, camina hasta la cocina a por un vaso de agua. El movimiento ayuda a liberar la tensión que se acumula al estar mucho tiempo quietos.</p>
<h2>Cómo recordarlo</h2>
<p>Lo difícil no es hacer las pausas, sino acordarse. Puedes asociarlas a momentos concretos: al terminar una reunión, antes de comer, al llegar a casa. También puedes poner un recordatorio suave en el móvil.</p>
<h2>Cuando el estrés es demasiado</h2>
<p>Las pausas ayudan con el estrés del día a día, pero si notas que la tensión no baja nunca, que duermes mal de forma continuada o que te sientes al límite, es buena idea hablarlo con un profesional. Cuidarte no es un lujo, es una necesidad.</p>`,
  },
]
