/** The `<option>`s of a city select, "Patos de Minas - MG" style (home and /categories). */
export function CityOptions({ cities }: { cities: { id: number; name: string; state: string }[] }) {
  return (
    <>
      {cities.map((city) => (
        <option key={city.id} value={city.id}>
          {`${city.name} - ${city.state}`}
        </option>
      ))}
    </>
  );
}
