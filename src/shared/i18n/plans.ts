// Plans: admin messages, not-found and conflict texts (SPEC §8), and the plan route lock messages
// (SPEC §4), in English and Spanish.

export const en = {
  plans: {
    plan_created: 'Plan created.',
    plan_updated: 'Plan updated.',
    plan_deleted: 'Plan deleted.',
    setting_updated: 'Settings updated.',
    assigned: 'Plan assigned.',
    unassigned: 'Plan unassigned.',
    route_added: 'Route added to the plan.',
    route_removed: 'Route removed from the plan.',
    route_in_plan: 'Route already in plan.',
    already_assigned: 'The plan is already assigned to this user.',
    plan_missing: 'We could not find the plan.',
    route_missing: 'We did not find what you are looking for.',
    user_missing: 'We could not find the user.',
    not_assigned: 'The plan is not assigned to this user.',
    route_not_in_plan: 'The route is not in the plan.',
    no_plan: 'It seems that something is not quite right, contact us.',
    next_plan_missing: 'We could not find the next plan.',
    locks: {
      route_not_completed: 'Finish the previous route to unlock this one.',
      waiting_time: 'This route unlocks in {{time}}.',
      need_appointment: 'You will need an appointment for this route.',
      need_finished_appointment: 'You will need an appointment for this route.',
    },
    time: {
      minutes: '{{n}} min',
      hours: '{{h}} h {{m}} min',
    },
  },
}

export const es: typeof en = {
  plans: {
    plan_created: 'Plan creado.',
    plan_updated: 'Plan actualizado.',
    plan_deleted: 'Plan eliminado.',
    setting_updated: 'Configuración actualizada.',
    assigned: 'Plan asignado.',
    unassigned: 'Plan desasignado.',
    route_added: 'Ruta añadida al plan.',
    route_removed: 'Ruta quitada del plan.',
    route_in_plan: 'La ruta ya está en el plan.',
    already_assigned: 'El plan ya está asignado a este usuario.',
    plan_missing: 'No pudimos encontrar el plan.',
    route_missing: 'No encontramos lo que estás buscando.',
    user_missing: 'No pudimos encontrar al usuario.',
    not_assigned: 'El plan no está asignado a este usuario.',
    route_not_in_plan: 'La ruta no está en el plan.',
    no_plan: 'Parece que algo no está del todo bien, contáctanos.',
    next_plan_missing: 'No pudimos encontrar el siguiente plan.',
    locks: {
      route_not_completed: 'Termina la ruta anterior para desbloquear esta.',
      waiting_time: 'Esta ruta se desbloquea en {{time}}.',
      need_appointment: 'Necesitarás una cita para esta ruta.',
      need_finished_appointment: 'Necesitarás una cita para esta ruta.',
    },
    time: {
      minutes: '{{n}} min',
      hours: '{{h}} h {{m}} min',
    },
  },
}
