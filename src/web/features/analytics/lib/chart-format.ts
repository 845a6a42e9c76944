const numberFormat = new Intl.NumberFormat('en');

export const formatCount = (value: number) => numberFormat.format(value);
