/**
 * Spanish validation messages, worded exactly as the product spec gives them. They are part of the
 * contract: the browser shows them before sending, the server answers them on bad input.
 */
export const validationMessages = {
  required: 'El campo es requerido',
  email: 'El formato del correo electrónico no es válido',
  digits: 'Número no válido',
  mobile: 'Celular no válido',
  name: 'Nombre no válido',
  password: 'La contraseña debe tener entre 8 y 128 caracteres',
  referralCode: 'El código debe tener entre 4 y 16 letras mayúsculas o números',
  boolean: 'El valor debe ser verdadero o falso',
} as const
