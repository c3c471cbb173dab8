// English posts (posts.ts puts them after the Spanish ones).

import type { SeedPost } from './types'

export const postsEn: SeedPost[] = [
  {
    language: 'en',
    slug: 'anxiety-self-test-gentle-questions',
    title: 'Anxiety self-test: gentle questions to know yourself better',
    description:
      'A kind, informal self-test to notice how anxiety shows up in your daily life. It is not a diagnosis, just a starting point for looking after yourself.',
    tag: 'Anxiety',
    tags: ['anxiety', 'test', 'self-awareness'],
    category: 'anxiety',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-03-05T09:00:00.000Z',
    related_route_keys: ['understand-emotions', 'breathing-for-anxiety'],
    content: `<p>Anxiety does not look the same for everyone. Some people feel it in their stomach, some experience it as a mind that will not switch off, and others only notice it as a tiredness that never quite goes away. This short self-test is not about labelling you. Its only purpose is to help you look at what is happening with curiosity, so you can choose the kind of care you need.</p>
<h2>Before you begin</h2>
<p>Find a quiet moment when you are not in a hurry. Read each question and answer in your head with "rarely", "sometimes" or "often", thinking about the last two weeks. There are no right or wrong answers. If a question stirs something up, you can pause, breathe slowly and come back to it later.</p>
<h2>The questions</h2>
<h3>In your body</h3>
<p>Do you notice tension in your shoulders, jaw or stomach without a clear reason? Is it hard to take a deep breath, as if the air never quite arrives? Do you feel restless, wanting to move even when you are tired? The body is often the first to let us know that something is worrying us.</p>
<h3>In your mind</h3>
<p>Do you go over things again and again, imagining the worst? Is it hard to concentrate because your mind jumps from one worry to the next? Do you feel you need to have everything under control in order to feel at ease? These patterns are very common, and they can be learned to be managed.</p>
<h3>In your everyday life</h3>
<p>Do you avoid situations or conversations because you fear how you will feel? Are you sleeping worse than usual? Are you more irritable or less patient than you would like? Sometimes anxiety is invisible, yet it slowly changes our routines.</p>
<h2>Reading your answers</h2>
<p>If you answered "often" to several questions, anxiety is probably taking up quite a lot of space in your life. That does not mean something is wrong with you. It means your alarm system is working overtime, and it deserves some attention and some rest.</p>
<p>If most of your answers were "rarely" or "sometimes", you may simply need a few tools for the more tense moments. Either way, getting to know yourself better is already a valuable step.</p>
<h2>What you can do next</h2>
<h3>Start small</h3>
<p>Practising slow breathing for a couple of minutes a day can help you discover that you have some ability to calm your body. The route "Discover and understand your emotions" is a good first step towards naming what you feel.</p>
<h3>Ask for company if you need it</h3>
<p>Talking with a psychologist can help you understand your anxiety and find strategies that fit you. Remember that this self-test is only a guide and does not replace a professional assessment. If at any point you feel you cannot cope, or you have thoughts of harming yourself, please contact your local emergency services straight away.</p>`,
  },
  {
    language: 'en',
    slug: 'sleep-test-how-well-are-you-resting',
    title: 'Sleep test: how well are you really resting?',
    description:
      'Take this short test to understand your nights a little better and find out which habits could help you rest more easily.',
    tag: 'Sleep',
    tags: ['insomnia', 'sleep', 'test'],
    category: 'sleep',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-05-14T08:30:00.000Z',
    related_route_keys: ['insomnia-4-exercises', 'body-scan-sleep'],
    content: `<p>Everyone sleeps badly now and then. But when difficult nights start to pile up, tiredness colours everything: your mood, your focus, your motivation. This test invites you to look at your nights calmly and without judging yourself, so you can understand what is going on and where to begin.</p>
<h2>How to take the test</h2>
<p>Think about the past month. For each question, answer honestly with "yes", "sometimes" or "no". You might like to jot your answers down on paper; seeing them written will help later.</p>
<h2>The questions</h2>
<h3>When you go to bed</h3>
<p>Does it take you more than half an hour to fall asleep? Do you find that, the moment you switch off the light, your mind wakes up and starts reviewing the day or your to-do list? Do you go to bed feeling that you must fall asleep right now, and does that pressure keep you even more awake?</p>
<h3>During the night</h3>
<p>Do you wake up several times and find it hard to drift off again? Do you check the clock often and calculate how many hours are left? Do you wake in the early hours, long before your alarm?</p>
<h3>The next day</h3>
<p>Do you get up feeling that you have not rested? Is it harder than usual to concentrate, or do you feel more sensitive than normal? Do you need a lot of coffee to get going?</p>
<h2>What your answers tell you</h2>
<p>If you said "yes" to several questions, your rest needs some care. The good news is that sleep responds well to small, steady changes. It is not about doing everything perfectly, but about showing your body, night after night, that bed is a safe place to rest.</p>
<p>Notice, too, which group of questions collected the most "yes" answers. If falling asleep is the hard part, relaxation exercises before bed can help a great deal. If you tend to wake in the early hours, it is useful to have a gentle resource ready for those moments.</p>
<h2>First steps for this week</h2>
<h3>A kind schedule</h3>
<p>Try to get up at roughly the same time every day, even after a bad night. It is one of the simplest ways to support your internal clock.</p>
<h3>A bedtime ritual</h3>
<p>Dim the lights, leave your phone outside the bedroom and spend a few minutes breathing or listening to a relaxation audio. The route "4 exercises for insomnia" was made for exactly that moment.</p>
<p>Remember that this test is only a guide. If sleeplessness lasts for weeks or has a big impact on your life, talk to a health professional. You deserve to rest.</p>`,
  },
  {
    language: 'en',
    slug: 'do-you-overthink-a-simple-test',
    title: 'Do you overthink? A simple test to spot the loop',
    description:
      'A few questions to notice when thinking helps you and when it traps you, plus practical ideas to step out of the loop gently.',
    tag: 'Thoughts',
    tags: ['overthinking', 'rumination', 'test'],
    category: 'practical-guides',
    author: 'Mariana Castillo Vega',
    published_at: '2024-07-22T10:00:00.000Z',
    related_route_keys: ['stop-rumination', 'worry-time'],
    content: `<p>Thinking is a wonderful tool. It lets us plan, solve problems and learn from experience. But sometimes the mind gets stuck going round in circles, and what should help us ends up wearing us out. This short test helps you tell the difference between thinking and overthinking.</p>
<h2>Thinking or overthinking: the difference</h2>
<p>When we think in a useful way, we move forward: we reach a decision, a plan or at least a clearer idea. When we overthink, we repeat the same questions without getting anywhere, and we usually end up more worried than when we started.</p>
<h2>The test</h2>
<h3>Five questions for you</h3>
<p>Answer "yes" or "no", thinking about the last few weeks:</p>
<ul>
<li>Do you replay conversations over and over, looking for what you said wrong?</li>
<li>Do small decisions feel hard because you imagine every possible consequence?</li>
<li>Do you go over things mostly at night, in bed?</li>
<li>Do you feel that if you stop thinking about a problem, something bad might happen?</li>
<li>Do you end up tired after "thinking" without having solved anything?</li>
</ul>
<h3>How to read it</h3>
<p>If you answered "yes" to three or more questions, your mind probably spends quite a lot of time in the loop. That is not a flaw in your character. Very often it is the mind's way of trying to protect us. The strategy simply is not helping you as much as it used to.</p>
<h2>Ideas for stepping out of the loop</h2>
<h3>Notice it and name it</h3>
<p>The first step is to notice that you are going round in circles. You can tell yourself, kindly: "I'm overthinking again." Naming it creates a little space between you and the thought.</p>
<h3>Ask whether there is a possible step</h3>
<p>If there is something you can do, write down the first step, however small. If it is out of your hands, try postponing the thought until later, to a time you set aside for worries.</p>
<h3>Come back to your body</h3>
<p>A few slow breaths, or feeling your feet on the floor, can help you get out of your head and back into the present. The route "Step out of the loop: easing rumination" guides you step by step.</p>
<p>This test is not a diagnosis. If repetitive thoughts drain a lot of your energy or get in the way of your life, talking it through with a psychologist can make a real difference.</p>`,
  },
  {
    language: 'en',
    slug: 'a-7-night-plan-for-better-sleep',
    title: 'A 7-night plan for better sleep',
    description:
      'A simple night-by-night plan to help your body find its way back to rest. No impossible rules, just small changes.',
    tag: 'Sleep',
    tags: ['insomnia', 'plan', 'habits'],
    category: 'sleep',
    author: 'Lucía Ortega Ramos',
    published_at: '2024-10-01T19:00:00.000Z',
    audios: [{ key: 'units/en-sleep-1.mp3', title: 'Listen: letting the day go' }],
    related_route_keys: ['insomnia-4-exercises', 'wind-down-routine', 'quiet-mind-night'],
    content: `<p>When you have been sleeping badly for a while, it is easy to feel that you have lost the ability to rest. You have not: sleep is still there, waiting for you to open the door a little. This seven-night plan does not promise miracles. It gives you a kind structure to start changing your relationship with your nights.</p>
<h2>How to use this plan</h2>
<p>Each night adds one small step to what you did the night before. If one evening does not work out, that is fine; simply pick it up again the next day. Consistency matters much more than perfection.</p>
<h2>The seven nights</h2>
<h3>Night 1: observe</h3>
<p>Do not change anything yet. Just notice what time you go to bed, how long it takes you to fall asleep and how you feel when you wake up. Write it down in a notebook in the morning.</p>
<h3>Night 2: a fixed time to get up</h3>
<p>Choose a time to get up and keep to it, even if you slept badly. Your internal clock appreciates regularity more than almost anything else.</p>
<h3>Night 3: softer lights</h3>
<p>An hour before bed, dim the lights and put screens away. Let your body notice that the day is coming to an end.</p>
<h3>Night 4: empty your mind</h3>
<p>Before going to bed, write down whatever is worrying you or whatever you need to do tomorrow. That way you will not have to hold it in your head while you try to sleep.</p>
<h3>Night 5: breathe in bed</h3>
<p>Once you are lying down, try the 4-7-8 breath or a long, slow exhale for a few minutes. Do it not to fall asleep, but to rest. Sleep tends to arrive when we stop chasing it.</p>
<h3>Night 6: a body scan</h3>
<p>Move your attention through your body from head to toe, releasing tension in each area. The "Body scan for sleep" audio can guide you.</p>
<h3>Night 7: your own ritual</h3>
<p>Bring together whatever worked best for you and turn it into your ritual. Repeating it every night teaches your body that it is almost time to rest.</p>
<h2>If you wake up in the night</h2>
<p>Try not to look at the clock, and remember that resting quietly is restorative too. If a long time passes and you feel restless, get up for a while, go to another room with soft light, and return to bed when you feel sleepy.</p>
<h2>An important reminder</h2>
<p>This plan is a general guide to habits, not a treatment. If sleeplessness goes on or worries you, please see a professional. In the meantime, be patient with yourself: every night is a new chance.</p>`,
  },
  {
    language: 'en',
    slug: 'how-to-make-a-calm-plan-for-difficult-days',
    title: 'How to make a calm plan for difficult days',
    description:
      'Having a written calm plan helps you know what to do when anxiety rises and it is hard to think clearly. Here is how to create your own.',
    tag: 'Anxiety',
    tags: ['anxiety', 'plan', 'self-care'],
    category: 'anxiety',
    author: 'Mariana Castillo Vega',
    published_at: '2024-12-10T11:00:00.000Z',
    related_route_keys: ['grounding-54321', 'panic-wave', 'breathing-for-anxiety'],
    content: `<p>In moments of intense anxiety, the mind clouds over. It is hard to remember what helps, and everything feels urgent. That is why it is so useful to prepare a calm plan on a quiet day: a small written guide, by you and for you, that you can turn to whenever you need it.</p>
<h2>What is a calm plan?</h2>
<p>It is a simple list of signs, resources and people that help you get through difficult moments. It does not need to be pretty or complete. What matters is that it is yours and that you keep it close, for example on your phone or on a card in your wallet.</p>
<h2>The five sections of your plan</h2>
<h3>1. My warning signs</h3>
<p>Write down how you notice anxiety starting to rise. Maybe your heart speeds up, your breathing gets shallow, you become irritable or you start avoiding things. Recognising the signs early lets you act sooner.</p>
<h3>2. What calms my body</h3>
<p>List two or three physical resources that work for you: slow breathing, splashing cool water on your face, walking for a few minutes, feeling your feet on the floor. The 5-4-3-2-1 technique is a very practical option.</p>
<h3>3. What helps me think more clearly</h3>
<p>Phrases that can act as an anchor: "this is uncomfortable, but it will pass", "I have been through this before", "right now I only need to take the next step". Read them slowly when you need them.</p>
<h3>4. People I can turn to</h3>
<p>Write down the names and numbers of two or three people you trust. You do not have to tell them everything: sometimes a calm conversation or a walk together is enough.</p>
<h3>5. Professional support</h3>
<p>Include the contact details of your psychologist, if you have one, and the emergency number for your country. If you ever feel you are in danger, call without waiting.</p>
<h2>How to practise your plan</h2>
<p>A plan works best when you have rehearsed it. Practise your resources on calm days, even for a couple of minutes. That way, when a hard day comes, your body will already recognise them.</p>
<h2>Review it from time to time</h2>
<p>Over time you will discover new things that help and others that help less. Update your plan freely: it is a living tool that grows with you.</p>`,
  },
  {
    language: 'en',
    slug: 'a-simple-plan-to-care-for-yourself-when-you-feel-low',
    title: 'A simple plan to care for yourself when you feel low',
    description:
      'When sadness weighs heavily, big changes feel impossible. This plan suggests small, kind steps to keep you company day by day.',
    tag: 'Wellbeing',
    tags: ['sadness', 'low mood', 'plan'],
    category: 'emotional-wellbeing',
    author: 'Andrés Felipe Morales',
    published_at: '2025-02-11T09:30:00.000Z',
    related_route_keys: ['self-compassion-sadness', 'small-steps-low-mood'],
    content: `<p>Sadness is part of life. Sometimes it arrives with a loss or a change, and sometimes it appears without us really knowing why. Either way, it deserves to be met with care. This plan does not aim to make your sadness disappear overnight. It is here to help you look after yourself while you go through this time.</p>
<h2>The main idea: small steps</h2>
<p>When your mood is low, energy is scarce. So instead of big resolutions, we suggest tiny actions that can be done even on a bad day. Every one of them counts.</p>
<h2>Your plan, in four areas</h2>
<h3>Caring for your body</h3>
<p>Drink some water, eat something warm, open the window to let the light in. If you can, go for a ten-minute walk. Gentle movement does not fix everything, but it often lightens the load a little.</p>
<h3>Keeping some routine</h3>
<p>Try to get up and go to bed at similar times, and get dressed even if you are not going out. Routines give you a structure that holds you when everything inside feels shaky.</p>
<h3>Connecting with others</h3>
<p>It does not have to be a deep conversation. A message to someone you love, a short call, or simply being in the same room as another person can help you feel less alone.</p>
<h3>Being kind to yourself</h3>
<p>Notice how you speak to yourself. If you catch yourself being critical, try asking: "what would I say to a friend who felt like this?" The route "Self-compassion for sad days" helps you practise.</p>
<h2>An example day</h2>
<p>In the morning, you open the window and take three slow breaths. At midday, you go for a short walk. In the afternoon, you send someone a message. At night, you write down one small good moment from the day, however simple. Nothing more. That is already a lot.</p>
<h2>When to ask for help</h2>
<p>If sadness lasts for weeks, if everyday life becomes harder and harder, or if thoughts of harming yourself appear, please do not go through it alone. Talk to a mental health professional or, if it is urgent, contact your local emergency services. Asking for help is a brave way of caring for yourself.</p>`,
  },
  {
    language: 'en',
    slug: 'what-to-do-when-a-panic-attack-arrives',
    title: 'What to do when a panic attack arrives',
    description:
      'A panic attack is frightening, but it passes. Here is what is happening in your body and which tools can help you get through it.',
    tag: 'Panic',
    tags: ['panic', 'anxiety', 'breathing'],
    category: 'anxiety',
    author: 'Mariana Castillo Vega',
    published_at: '2025-04-08T10:15:00.000Z',
    related_route_keys: ['panic-wave', 'grounding-54321'],
    content: `<p>Your heart races, you feel short of breath, you may feel dizzy or strangely unreal, and with all of it comes intense fear. Anyone who has had a panic attack knows how unpleasant it is. If it has happened to you, we want to start with something important: you are not overreacting, and you are not alone. It is a very common experience.</p>
<h2>What is happening in your body?</h2>
<p>During a panic attack, the body's alarm system switches on very strongly, as if there were immediate danger. That reaction prepares the body to run or defend itself, which is why you feel palpitations, fast breathing or tension. These sensations are very uncomfortable, but sooner or later the alarm switches off.</p>
<h2>During the attack</h2>
<h3>Remind yourself that it will pass</h3>
<p>You can tell yourself: "this is panic; it is very uncomfortable, but it will pass." Naming what is happening reduces the fear of the fear itself.</p>
<h3>Lengthen your out-breath</h3>
<p>Do not try to fill your lungs. Focus instead on letting the air out slowly, as if blowing on a candle without putting it out. A long exhale helps your body slow down.</p>
<h3>Anchor yourself in your senses</h3>
<p>Feel your feet on the ground, and name five things you can see around you, four you can touch and three sounds you can hear. This grounding technique brings you back to the present.</p>
<h3>Let the sensations be</h3>
<p>Fighting the sensations often makes them stronger. Try watching them like a wave that rises, reaches its peak and falls again.</p>
<h2>After the attack</h2>
<p>It is normal to feel tired or tender afterwards. Rest, drink some water and be gentle with yourself. If you like, tell someone you trust what happened.</p>
<h2>Practise on calm days</h2>
<p>These tools work best when you have practised them beforehand. Spend a few minutes a day on breathing and grounding, for example with the route "When panic comes: riding the wave".</p>
<p>If panic attacks keep happening or cause you a lot of fear, talk to a health professional. And if you are ever unsure whether what you feel is panic or something else, seek medical care: looking after yourself is always the right choice.</p>`,
  },
  {
    language: 'en',
    slug: '4-7-8-breathing-step-by-step',
    title: '4-7-8 breathing, step by step',
    description:
      'A simple technique you can practise anywhere to relax or to wind down before sleep. Here is how to do it and how to adapt it to you.',
    tag: 'Breathing',
    tags: ['breathing', 'relaxation', 'sleep'],
    category: 'practical-guides',
    author: 'Calma team',
    published_at: '2025-06-25T07:45:00.000Z',
    videos: [
      {
        key: 'units/breathing-4-7-8.mp4',
        title: 'Breathe with the circle: 4 as it grows, 7 while it stays, 8 as it shrinks',
        duration_seconds: 57,
      },
    ],
    related_route_keys: ['breathing-4-7-8', 'insomnia-4-exercises'],
    content: `<p>Breathing is one of the few body functions that happens on its own but that we can also guide. That makes it a very accessible doorway to calm. 4-7-8 breathing is one of the best-known techniques and, with a little practice, it can become an ally in tense moments or at bedtime.</p>
<h2>What it involves</h2>
<p>You breathe in for four counts, hold the breath for seven and breathe out for eight. The key is that the out-breath is longer than the in-breath, which many people find relaxing.</p>
<h2>Step by step</h2>
<h3>1. Get ready</h3>
<p>Sit with your back comfortable, or lie on your back. Let your shoulders drop and rest your hands wherever feels natural. Close your eyes if you like.</p>
<h3>2. Breathe in for four</h3>
<p>Close your mouth and breathe in quietly through your nose while counting to four in your head.</p>
<h3>3. Hold for seven</h3>
<p>Hold the breath gently, without straining, while you count to seven.</p>
<h3>4. Breathe out for eight</h3>
<p>Let the air out through your mouth, slowly, counting to eight. You can imagine cooling a warm drink.</p>
<h3>5. Repeat</h3>
<p>Start with four rounds. Over time, if it feels good, you can do a few more.</p>
<h2>Make it yours</h2>
<p>If the counts feel too long or uncomfortable, shorten them while keeping the proportion, for example two, three and four. The exact numbers matter less than a slow, comfortable out-breath. If you ever feel light-headed, return to your normal breathing.</p>
<h2>When to use it</h2>
<h3>Before sleep</h3>
<p>Practise it once you are in bed with the light off. Do not use it to force yourself to sleep, but to help your body rest.</p>
<h3>In tense moments</h3>
<p>Before a meeting, after an argument or whenever you notice anxiety rising, a few rounds can give you a small breathing space.</p>
<p>Like any skill, it gets easier with practice. The route "The 4-7-8 breath" guides you with audio, so all you have to do is follow the voice.</p>`,
  },
  {
    language: 'en',
    slug: 'rumination-why-we-go-over-things',
    title: 'Rumination: why we go over things again and again',
    description:
      'Rumination keeps us stuck in the past or in what might have been. Understanding how it works is the first step to stepping out of it kindly.',
    tag: 'Thoughts',
    tags: ['rumination', 'overthinking', 'mindfulness'],
    category: 'emotional-wellbeing',
    author: 'Andrés Felipe Morales',
    published_at: '2025-09-16T16:00:00.000Z',
    related_route_keys: ['stop-rumination', 'thoughts-are-not-facts'],
    content: `<p>"Why did I say that?", "what if I had done it differently?", "why do I feel like this?". We have all been caught in questions like these. When those thoughts repeat for hours or days, we call it rumination.</p>
<h2>What is rumination?</h2>
<p>Ruminating means going over something that worries or hurts us, again and again, usually about the past or about ourselves. Unlike reflection, which helps us understand and move on, rumination tends to leave us in the same place, or a little worse.</p>
<h2>Why do we do it?</h2>
<h3>The mind is trying to protect us</h3>
<p>Deep down, rumination is an attempt to solve something. The mind believes that if it thinks hard enough, it will find the answer that eases the discomfort. The trouble is that many of those questions have no answer.</p>
<h3>It becomes a habit</h3>
<p>The more we ruminate, the easier it is for the mind to return to that path. It is like a trail that becomes deeper the more it is walked.</p>
<h2>How to start stepping out</h2>
<h3>Notice it without judging yourself</h3>
<p>The first step is to notice when you are ruminating. You can tell yourself: "there's the loop again". There is no need to be angry with yourself; recognising it is already progress.</p>
<h3>Change the channel</h3>
<p>Bringing your attention to something concrete in the present, such as your breath, the sounds around you or a task with your hands, helps interrupt the cycle. This is not about suppressing thoughts, but about choosing where to place your attention.</p>
<h3>Ask yourself what you need</h3>
<p>Sometimes rumination hides an emotion asking to be looked after: sadness, fear, guilt. Asking what you need can lead you to a helpful action, such as talking to someone or resting.</p>
<h3>Watch thoughts like leaves on a stream</h3>
<p>Imagine each thought is a leaf floating on the water. You see it arrive and you let it go. This exercise, which you will find in the route "Step out of the loop", trains your ability to look at thoughts from a little distance.</p>
<h2>Be patient with yourself</h2>
<p>Stepping out of rumination is something you learn, not a switch you flip. Some days will be harder than others. If you often feel overwhelmed by your thoughts, a professional can help you find your own way through.</p>`,
  },
  {
    language: 'en',
    slug: 'self-compassion-learning-to-talk-to-yourself-kindly',
    title: 'Self-compassion: learning to talk to yourself kindly',
    description:
      'Treating yourself with the same kindness you would offer someone you love is not weakness. Here is what self-compassion is and how to practise it.',
    tag: 'Self-compassion',
    tags: ['self-compassion', 'sadness', 'inner dialogue'],
    category: 'emotional-wellbeing',
    author: 'Andrés Felipe Morales',
    published_at: '2025-11-03T08:00:00.000Z',
    related_route_keys: ['self-compassion-sadness', 'kinder-inner-voice'],
    content: `<p>If a friend told you they were going through a hard time, you would probably listen patiently and say something kind. Yet when we are the ones struggling, we often speak to ourselves harshly. Self-compassion simply means offering ourselves that same warm treatment.</p>
<h2>What self-compassion is, and what it is not</h2>
<h3>What it is</h3>
<p>It is recognising that you are suffering, remembering that suffering is part of every human life, and responding to yourself with care. It is a way of keeping yourself company in difficult moments.</p>
<h3>What it is not</h3>
<p>It is not self-pity, an excuse, or giving up. Treating yourself kindly does not mean you stop making an effort. In fact, many people find it easier to change when they are not punishing themselves for every mistake.</p>
<h2>Three gestures to practise</h2>
<h3>1. Acknowledge the moment</h3>
<p>When something hurts, pause and name it: "this is a hard moment." It may seem small, but acknowledging discomfort instead of pushing it away is already a form of care.</p>
<h3>2. Remember you are not alone</h3>
<p>What you feel, many others have felt too. You can tell yourself: "other people feel this way as well." This idea eases the sense of isolation that so often comes with sadness.</p>
<h3>3. Offer yourself a few kind words</h3>
<p>Ask yourself what you would say to someone you love in your situation, and say it to yourself. It might be "I'm doing what I can" or "I deserve a rest". If it helps, place a hand on your chest as you say it.</p>
<h2>When the inner critic shows up</h2>
<p>Your inner critic will not disappear overnight, and you do not need to fight it. You can listen to it, thank it for trying to protect you and answer it in a fairer tone. With practice, the kind voice slowly gains ground.</p>
<h2>Start small</h2>
<p>A couple of minutes a day is enough to begin. The routes "Self-compassion for sad days" and "A kinder inner voice" keep you company with short audio sessions. And if sadness becomes very heavy, remember that asking for professional help is also an act of self-compassion.</p>`,
  },
  {
    language: 'en',
    slug: 'everyday-stress-small-pauses-that-help',
    title: 'Everyday stress: small pauses that really help',
    description:
      'You do not need a free hour to look after yourself. Discover one-minute pauses that fit into any day, however full it is.',
    tag: 'Stress',
    tags: ['stress', 'pauses', 'breathing'],
    category: 'practical-guides',
    author: 'Calma team',
    published_at: '2026-02-02T12:00:00.000Z',
    related_route_keys: ['stress-pauses', 'relax-body-calm-mind'],
    content: `<p>Emails that never stop, tasks piling up, rushing to get everything done. Everyday stress is not always dramatic, but it adds up over the day until, by evening, we feel exhausted without quite knowing why. The good news is that small pauses, spread throughout the day, can make a real difference.</p>
<h2>Why short pauses work</h2>
<p>When we are under pressure, the body stays on alert. A short pause gives it a chance to lower the intensity a little before carrying on. It does not remove stress, but it keeps it from building up unchecked.</p>
<h2>Five one-minute pauses</h2>
<h3>1. Stop, breathe, notice</h3>
<p>Pause wherever you are. Take one slow breath. Notice what you feel in your body and what is going through your mind. Then choose your next step calmly.</p>
<h3>2. Let your shoulders go</h3>
<p>Lift your shoulders towards your ears, hold them for a moment and let them drop with a long out-breath. Repeat two or three times. It is surprising how much tension we keep there.</p>
<h3>3. Look into the distance</h3>
<p>If you spend many hours in front of a screen, look up and gaze at something far away for a few seconds: a window, the sky, the far side of the room. Your eyes and your mind will thank you.</p>
<h3>4. Box breathing</h3>
<p>Breathe in for four counts, hold for four, breathe out for four and rest for four. Repeat the cycle three times. It is discreet enough to do even in a meeting.</p>
<h3>5. Move a little</h3>
<p>Stand up, stretch, walk to the kitchen for a glass of water. Movement helps release the tension that builds up when we sit still for a long time.</p>
<h2>How to remember</h2>
<p>The hard part is not taking the pauses, it is remembering them. You can link them to specific moments: after a meeting, before lunch, when you get home. You can also set a gentle reminder on your phone.</p>
<h2>When stress is too much</h2>
<p>These pauses help with day-to-day stress, but if you notice that the tension never eases, that you sleep badly night after night or that you feel at your limit, it is a good idea to talk to a professional. Looking after yourself is not a luxury; it is a need.</p>`,
  },
]
