import type { ButtonHTMLAttributes } from 'react'

type Variant = 'primary' | 'secondary' | 'quiet'

/** A native button with the explorer's look; `type` defaults to "button" so it never submits by accident. */
export function Button({
  variant = 'secondary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  const classes = ['dse-button', `dse-button--${variant}`, className].filter(Boolean).join(' ')
  return <button type={type} className={classes} {...props} />
}
