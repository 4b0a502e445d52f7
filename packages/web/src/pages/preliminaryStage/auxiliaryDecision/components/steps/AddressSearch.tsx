import type { MapPlace } from '@pvplan/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, AutoComplete, Form, type FormInstance, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCityPosition, searchMap } from '../../../../../api/price';
import {
  ADDRESS_SEARCH_MIN_CHARS,
  addressOfPlace,
  cascaderPathOf,
  type PlacePosition,
  placeLabel,
  positionOfPlace,
} from '../addressSearch';

/** Milliseconds of no typing before the search is sent. */
const SEARCH_DELAY_MS = 300;

type Note = 'noPosition' | 'noCity' | 'noPositionNoCity';

export interface AddressSearchProps {
  readonly form: FormInstance;
  /** The form has no address field (the quick estimate): only the city and the position are filled. */
  readonly short: boolean;
}

/**
 * Finds the site by address (early/getGaodeMap: AMap when the server has a key, else the names of
 * the administrative divisions). A chosen place fills the address, the tariff city and the
 * position; without a position from the map service the user is asked to type it. Options and the
 * address are in the UI language (English division names in English, see addressSearch.ts).
 */
export function AddressSearch({ form, short }: AddressSearchProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [keywords, setKeywords] = useState('');
  const [note, setNote] = useState<Note | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setKeywords(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({
    queryKey: ['mapSearch', keywords],
    queryFn: ({ signal }) => searchMap(keywords, undefined, signal),
    enabled: keywords.length >= ADDRESS_SEARCH_MIN_CHARS && keywords !== chosen,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const places = keywords === chosen ? [] : (search.data?.pois ?? []);

  const choose = async (place: MapPlace) => {
    let position: PlacePosition | null = positionOfPlace(place);
    let areaPath: string[] | undefined;
    if (place.adcode) {
      try {
        const city = await getCityPosition({ adcode: place.adcode });
        areaPath = cascaderPathOf(city.path);
        position ??= positionOfPlace(city);
      } catch {
        // The request layer has shown the message; the user picks the city.
      }
    }
    form.setFieldsValue({
      ...(short ? {} : { address: addressOfPlace(place, language) }),
      ...(areaPath ? { areaPath } : {}),
      // A position of an earlier choice would be wrong here: without one the user types it.
      latitudeDeg: position?.latitudeDeg,
      longitudeDeg: position?.longitudeDeg,
    });
    setNote(position ? (areaPath ? null : 'noCity') : areaPath ? 'noPosition' : 'noPositionNoCity');
  };

  const searching = search.isFetching && places.length === 0;
  return (
    <Form.Item
      label={t('assessmentFlow.project.search')}
      extra={
        search.data?.provider === 'local'
          ? t('assessmentFlow.project.searchLocal')
          : t('assessmentFlow.project.searchHint')
      }
    >
      <AutoComplete
        value={text}
        onChange={(value: string) => setText(value)}
        onSelect={(_: string, option: { place: MapPlace }) => {
          const label = placeLabel(option.place, language);
          setChosen(label);
          setText(label);
          void choose(option.place);
        }}
        options={places.map((place) => {
          const label = placeLabel(place, language);
          return {
            key: place.id,
            value: label,
            place,
            label: <span data-testid="assessment-address-option">{label}</span>,
          };
        })}
        notFoundContent={
          searching ? (
            <Spin size="small" />
          ) : keywords.length >= ADDRESS_SEARCH_MIN_CHARS && search.data && keywords !== chosen ? (
            <Typography.Text type="secondary">{t('assessmentFlow.project.searchEmpty')}</Typography.Text>
          ) : null
        }
        placeholder={t('assessmentFlow.project.searchPlaceholder')}
        allowClear
        data-testid="assessment-address-search"
      />
      {note ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          message={t(`assessmentFlow.project.${note}`)}
          data-testid="assessment-address-note"
        />
      ) : null}
    </Form.Item>
  );
}
