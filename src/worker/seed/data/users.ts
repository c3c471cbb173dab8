import { Role, type Language, type SeedPsychologist, type SeedUser } from './types'

export const DEMO_PASSWORD = 'Calma-demo-2026'

// ---------------------------------------------------------------------------
// Psychologists
// ---------------------------------------------------------------------------

export const psychologists: SeedPsychologist[] = [
  {
    name: 'Lucía Ortega Ramos',
    email: 'psico1@demo.calma.app',
    phone: '+34612345678',
    language: 'es',
    country_code: 'ES',
    nationality: 'Spain',
    located_at: 'Spain',
    degree: 'Master in General Health Psychology',
    speaks_in: ['es', 'en'],
    specialist_in_symptoms: ['anxiety', 'insomnia', 'stress'],
    specialized_in_the_category: 'sleep',
    timezone: 'Europe/Madrid',
    bio: {
      es: 'Psicóloga sanitaria. Acompaño a personas con ansiedad y problemas de sueño desde un enfoque cercano, práctico y sin prisas.',
      en: 'Health psychologist. I support people with anxiety and sleep difficulties with a warm, practical and unhurried approach.',
    },
    availability: [
      { weekday: 1, start: '09:00', end: '13:00', slot_minutes: 50 },
      { weekday: 1, start: '16:00', end: '20:00', slot_minutes: 50 },
      { weekday: 2, start: '09:00', end: '13:00', slot_minutes: 50 },
      { weekday: 3, start: '15:00', end: '21:00', slot_minutes: 50 },
      { weekday: 4, start: '09:00', end: '13:00', slot_minutes: 50 },
      { weekday: 4, start: '17:00', end: '21:00', slot_minutes: 50 },
      { weekday: 5, start: '09:00', end: '14:00', slot_minutes: 50 },
    ],
  },
  {
    name: 'Andrés Felipe Morales',
    email: 'psico2@demo.calma.app',
    phone: '+573001234567',
    language: 'es',
    country_code: 'CO',
    nationality: 'Colombia',
    located_at: 'Colombia',
    degree: 'Master in Clinical Psychology',
    speaks_in: ['es'],
    specialist_in_symptoms: ['sadness', 'low-mood', 'rumination'],
    specialized_in_the_category: 'emotions',
    timezone: 'America/Bogota',
    bio: {
      es: 'Psicólogo clínico. Me gusta acompañar los momentos de tristeza y desánimo con paciencia, escucha y pequeños pasos posibles.',
      en: 'Clinical psychologist. I like to accompany times of sadness and low mood with patience, listening and small, doable steps.',
    },
    availability: [
      { weekday: 1, start: '08:00', end: '12:00', slot_minutes: 50 },
      { weekday: 2, start: '14:00', end: '19:00', slot_minutes: 50 },
      { weekday: 3, start: '08:00', end: '12:00', slot_minutes: 50 },
      { weekday: 3, start: '18:00', end: '21:00', slot_minutes: 50 },
      { weekday: 4, start: '14:00', end: '19:00', slot_minutes: 50 },
      { weekday: 6, start: '09:00', end: '13:00', slot_minutes: 50 },
    ],
  },
  {
    name: 'Mariana Castillo Vega',
    email: 'psico3@demo.calma.app',
    phone: '+525512345678',
    language: 'es',
    country_code: 'MX',
    nationality: 'Mexico',
    located_at: 'Mexico',
    degree: 'Degree in Psychology',
    speaks_in: ['es', 'en'],
    specialist_in_symptoms: ['panic', 'anxiety', 'overthinking'],
    specialized_in_the_category: 'calm',
    timezone: 'America/Mexico_City',
    bio: {
      es: 'Psicóloga. Trabajo con ansiedad, pánico y pensamientos repetitivos, con herramientas concretas para el día a día.',
      en: 'Psychologist. I work with anxiety, panic and overthinking, using concrete tools for everyday life.',
    },
    availability: [
      { weekday: 1, start: '18:00', end: '21:00', slot_minutes: 50 },
      { weekday: 2, start: '10:00', end: '13:00', slot_minutes: 50 },
      { weekday: 2, start: '18:00', end: '21:00', slot_minutes: 50 },
      { weekday: 3, start: '12:00', end: '17:00', slot_minutes: 50 },
      { weekday: 5, start: '10:00', end: '13:00', slot_minutes: 50 },
      { weekday: 5, start: '16:00', end: '20:00', slot_minutes: 50 },
      { weekday: 6, start: '10:00', end: '14:00', slot_minutes: 50 },
    ],
  },
]

// ---------------------------------------------------------------------------
// Demo users (one per role; the psychologist reuses psychologists[0])
// ---------------------------------------------------------------------------

export const demoUsers: SeedUser[] = [
  {
    email: 'patient@demo.calma.app',
    password: DEMO_PASSWORD,
    name: 'Carmen López',
    role: Role.patient,
    subscriber: false,
    language: 'es',
    country_code: 'ES',
    phone: '+34600111222',
    timezone: 'Europe/Madrid',
    credits: 90,
    assigned_plan_keys: ['anxiety-plan'],
  },
  {
    email: 'subscriber@demo.calma.app',
    password: DEMO_PASSWORD,
    name: 'Sofía Martín',
    role: Role.patient,
    subscriber: true,
    language: 'es',
    country_code: 'ES',
    phone: '+34611223344',
    timezone: 'Europe/Madrid',
    credits: 90,
    assigned_plan_keys: ['insomnia-plan'],
  },
  {
    email: 'patient.en@demo.calma.app',
    password: DEMO_PASSWORD,
    name: 'Emma Wilson',
    role: Role.patient,
    subscriber: false,
    language: 'en',
    country_code: 'US',
    phone: '+12025550143',
    timezone: 'America/New_York',
    credits: 0,
    assigned_plan_keys: ['insomnia-plan'],
  },
  {
    email: 'psico1@demo.calma.app',
    password: DEMO_PASSWORD,
    name: 'Lucía Ortega Ramos',
    role: Role.psychologist,
    subscriber: false,
    language: 'es',
    country_code: 'ES',
    phone: '+34612345678',
    timezone: 'Europe/Madrid',
  },
  {
    email: 'admin@demo.calma.app',
    password: DEMO_PASSWORD,
    name: 'Admin Calma',
    role: Role.admin,
    subscriber: false,
    language: 'es',
    country_code: 'ES',
    phone: '+34655443322',
    timezone: 'Europe/Madrid',
  },
  {
    email: 'publisher@demo.calma.app',
    password: DEMO_PASSWORD,
    name: 'Paula Romero',
    role: Role.publisher,
    subscriber: false,
    language: 'es',
    country_code: 'MX',
    phone: '+525511112222',
    timezone: 'America/Mexico_City',
  },
  {
    email: 'influencer@demo.calma.app',
    password: DEMO_PASSWORD,
    name: 'Valentina Ríos',
    role: Role.influencer,
    subscriber: false,
    language: 'es',
    country_code: 'CO',
    phone: '+573101234567',
    timezone: 'America/Bogota',
  },
  {
    email: 'coach@demo.calma.app',
    password: DEMO_PASSWORD,
    name: 'Arjun Mehta',
    role: Role.coach,
    subscriber: false,
    language: 'en',
    country_code: 'IN',
    phone: '+919876543210',
    timezone: 'Asia/Kolkata',
  },
]

// ---------------------------------------------------------------------------
// The demo community: people who practised over the last weeks (issue 24 §5)
// ---------------------------------------------------------------------------

/**
 * A day-by-day practice pattern, yesterday first: 'x' a day with practice, '.' a day without
 * (src/worker/seed/seed.ts seedActivity writes it relative to the day it runs).
 */
export interface SeedPractice {
  email: string
  practice: string
}

/** The demo patients: a 9-day streak up to yesterday (rewards to claim) after three earlier weeks. */
export const demoPractice: SeedPractice[] = [
  { email: 'patient@demo.calma.app', practice: 'xxxxxxxxx..xx.xxx.x..xxx.x' },
  { email: 'patient.en@demo.calma.app', practice: 'xxxxxxxxx.xxx..x.xx.x..xx' },
  { email: 'subscriber@demo.calma.app', practice: 'xxx.xx..x.xxxx' },
]

/** People of the ranking: they practise, they do not sign in (their password is the demo one). */
export const communityPeople: (SeedPractice & {
  name: string
  language: Language
  country_code: string
  timezone: string
})[] = [
  {
    email: 'lucia.m@community.demo.calma.app',
    name: 'Lucía Moreno',
    language: 'es',
    country_code: 'ES',
    timezone: 'Europe/Madrid',
    practice: 'xxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxx',
  },
  {
    email: 'daniel.r@community.demo.calma.app',
    name: 'Daniel Ruiz',
    language: 'es',
    country_code: 'MX',
    timezone: 'America/Mexico_City',
    practice: 'xxxxxxxxxxxxx.xxxxx.xxxxxx',
  },
  {
    email: 'grace.o@community.demo.calma.app',
    name: 'Grace Okafor',
    language: 'en',
    country_code: 'GB',
    timezone: 'Europe/London',
    practice: 'xxxxxxxxxx.xxxxxxxxxx.xxxx',
  },
  {
    email: 'mateo.f@community.demo.calma.app',
    name: 'Mateo Fernández',
    language: 'es',
    country_code: 'AR',
    timezone: 'America/Argentina/Buenos_Aires',
    practice: '.xxxxxxxxx.xxxx.xxxxx.xx',
  },
  {
    email: 'hannah.k@community.demo.calma.app',
    name: 'Hannah Kim',
    language: 'en',
    country_code: 'US',
    timezone: 'America/Los_Angeles',
    practice: 'xxxxxxx..xxxxx.xxx.xxxx',
  },
  {
    email: 'ines.g@community.demo.calma.app',
    name: 'Inés Gil',
    language: 'es',
    country_code: 'ES',
    timezone: 'Europe/Madrid',
    practice: 'xxxxx.xxx.xx.xxxx.x',
  },
  {
    email: 'samuel.t@community.demo.calma.app',
    name: 'Samuel Torres',
    language: 'es',
    country_code: 'CO',
    timezone: 'America/Bogota',
    practice: 'xx.xxx.xxxx..xx.x',
  },
  {
    email: 'olivia.b@community.demo.calma.app',
    name: 'Olivia Brown',
    language: 'en',
    country_code: 'US',
    timezone: 'America/New_York',
    practice: 'xxxx..xxx.xx.x',
  },
  {
    email: 'pablo.n@community.demo.calma.app',
    name: 'Pablo Navarro',
    language: 'es',
    country_code: 'ES',
    timezone: 'Europe/Madrid',
    practice: '..xxxxx.xx.x',
  },
  {
    email: 'noah.w@community.demo.calma.app',
    name: 'Noah Walker',
    language: 'en',
    country_code: 'CA',
    timezone: 'America/Toronto',
    practice: 'x.xx.x..xx',
  },
  {
    email: 'elena.c@community.demo.calma.app',
    name: 'Elena Castro',
    language: 'es',
    country_code: 'CL',
    timezone: 'America/Santiago',
    practice: 'xxx.x.x',
  },
  {
    email: 'liam.j@community.demo.calma.app',
    name: 'Liam Johnson',
    language: 'en',
    country_code: 'IE',
    timezone: 'Europe/Dublin',
    practice: '.x.xx',
  },
]
