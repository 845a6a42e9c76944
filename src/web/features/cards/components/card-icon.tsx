import type { CardView } from '../../../../shared/cards';
import { classNames } from '../../../lib/class-names';
import { useImageFailure } from '../../../lib/use-image-failure';
import { cardIconFrameClassName } from '../lib/card-icon-frame';
import { cardIcons } from '../lib/card-icons';

type CardIconProps = {
  card: Pick<CardView, 'kind' | 'iconUrl'>;
  className?: string;
  /** Marks the icon whose server markup the page's client keeps (see PageCardIcon). */
  serverHtmlKey?: string;
};

/** The card's custom icon, or its kind's default icon, also when the custom one fails to load (spec 2 §5). */
export function CardIcon({ card, className, serverHtmlKey }: CardIconProps) {
  const { hasFailed, imageRef, onError } = useImageFailure(card.iconUrl);
  const DefaultIcon = cardIcons[card.kind];

  return (
    <span
      aria-hidden
      className={classNames(cardIconFrameClassName, className)}
      data-server-html={serverHtmlKey}
    >
      {card.iconUrl && !hasFailed ? (
        <img
          ref={imageRef}
          src={card.iconUrl}
          alt=""
          width={20}
          height={20}
          className="size-5 object-contain"
          onError={onError}
        />
      ) : (
        <DefaultIcon className="size-5" strokeWidth={1.75} />
      )}
    </span>
  );
}
